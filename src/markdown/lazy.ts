/**
 * Lazy loading of the heavy parsers (yaml ~50 ms, mdast-util-from-markdown + micromark ~65 ms of CPU at
 * startup, measured on Node 20.20): most files take the fast paths (simpleYaml, needsParse) and never
 * need them. The agent registry imports every model, so a parser one model imports at its top is loaded
 * by every command: Copilot's frontmatter YAML and Codex's TOML come through here too. Loaded
 * synchronously on first use: `yaml` and `smol-toml` through their CommonJS builds (the same file an ESM
 * import resolves to under Node), mdast-util-from-markdown (ESM only) through require(esm) where Node has
 * it (`process.features.require_module`: Node 20.19+, 22.12+); older Node loads it eagerly at import.
 */
import { createRequire } from "node:module";

type FromMarkdown = typeof import("mdast-util-from-markdown").fromMarkdown;
type Yaml = typeof import("yaml");
type Toml = typeof import("smol-toml");

const require = createRequire(import.meta.url);

let fromMarkdownFn: FromMarkdown | undefined;
if (!(process.features as { require_module?: boolean }).require_module)
  fromMarkdownFn = (await import("mdast-util-from-markdown")).fromMarkdown;

/** mdast-util-from-markdown's `fromMarkdown`, loaded on first call. */
export function lazyFromMarkdown(): FromMarkdown {
  fromMarkdownFn ??= (require("mdast-util-from-markdown") as typeof import("mdast-util-from-markdown"))
    .fromMarkdown;
  return fromMarkdownFn;
}

let yamlModule: Yaml | undefined;

/** The `yaml` package, loaded on first call. */
export function lazyYaml(): Yaml {
  yamlModule ??= require("yaml") as Yaml;
  return yamlModule;
}

let tomlModule: Toml | undefined;

/** The `smol-toml` package (its CommonJS build), loaded on first call: only the Codex model reads TOML. */
export function lazyToml(): Toml {
  tomlModule ??= require("smol-toml") as Toml;
  return tomlModule;
}
