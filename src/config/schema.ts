/**
 * The shape of `.agent-context.json`: the single source of its JSON schema. scripts/config-schema.mjs
 * generates agent-context.schema.json from {@link ConfigFile} (ts-json-schema-generator; each JSDoc comment
 * becomes the `description` editors show, `@asType`, `@minimum`, `@minItems` and `@not` the constraints),
 * then src/config/validate.ts (Ajv's standalone code) from that schema; test/unit/config-schema.test.ts
 * fails when the shipped files are not what this file generates. The code reads the configuration as
 * `AgentContextConfig` (src/config.ts), these keys plus the unknown ones it warns about.
 */
import type { ItemKind } from "../model/item.js";

/**
 * The configuration of agent-context, at the repository root. Every key: docs/configuration.md.
 * @title .agent-context.json
 */
export interface ConfigFile {
  /** For editors; not read by agent-context. */
  $schema?: string;
  /** The default agent's (Claude Code's) cap in bytes, when agents.<id>.cap is absent. It may only go down. */
  cap?: Bytes;
  /**
   * The default agent's token cap, when agents.<id>.tokenCap is absent: a second check beside the bytes,
   * counted by the agent's method (docs/tokens.md).
   */
  tokenCap?: Bytes;
  /** The kinds every agent's cap charges. */
  charge?: Kinds;
  /** The default agent's caps per kind in bytes. */
  caps?: KindCaps;
  /**
   * Per agent id (claude-code, codex, gemini-cli, copilot-cli, or one a library registers): its cap, charged
   * kinds and caps per kind.
   */
  agents?: { [id: string]: AgentConfig };
  /** Router shard globs, relative to the repository root. Default [".agent-context/routers/*.md"]. */
  routers?: RepositoryPath[];
  /** Rules declared un-lowerable (always on), relative to the repository root. */
  unlowerable?: RepositoryPath[];
  /** The hook's bounds per tool call. */
  hook?: {
    /** Router rows per call (default 40). */
    maxRows?: Positive;
    /** Bytes injected per call (default 8192). */
    maxBytes?: Positive;
    /** Inject each rule once per session (default true). */
    oncePerSession?: boolean;
  };
  /** How lint reports (docs/commands/lint.md). */
  lint?: {
    /**
     * Per lint rule id: "off", "info", "warn" or "error", or {"severity": ..., "agents": [agent ids]} to
     * report it only for those agents.
     */
    rules?: { [ruleId: string]: LintRuleSetting };
  };
}

/**
 * A number of bytes (or tokens).
 * @asType integer
 * @minimum 0
 */
export type Bytes = number;

/**
 * A positive whole number.
 * @asType integer
 * @minimum 1
 */
export type Positive = number;

/**
 * A kind a cap can charge: every kind of launch context but personal memory (`local`) and the hook's
 * `routed` rules (src/model/item.ts, CHARGEABLE_KINDS, in its order).
 */
export type Kind =
  | "memory"
  | "import"
  | "rule"
  | "skill"
  | "command"
  | "subagent"
  | "output-style"
  | "auto-memory"
  | "extension";

/** Kinds of launch context. */
export type Kinds = Kind[];

/**
 * A cap per kind in bytes (`{"skill": 4000}`): the kind's entries and its lists' overhead together may not
 * exceed it, whether or not the total charges the kind.
 * @propertyNames {"$ref": "#/definitions/Kind"}
 */
export type KindCaps = { [kind: string]: Bytes };

/** What one agent's entry under `agents` may set. */
export interface AgentConfig {
  /** This agent's cap in bytes. */
  cap?: Bytes;
  /** This agent's token cap (docs/tokens.md). */
  tokenCap?: Bytes;
  /** The kinds this agent's cap charges. */
  charge?: Kinds;
  /** This agent's caps per kind in bytes. */
  caps?: KindCaps;
  /**
   * The agent CLI release the fresh-clone view (CI, cap without --user) models; default the newest verified. init records the installed one.
   * @pattern ^[0-9]+\.[0-9]+\.[0-9]+$
   */
  release?: string;
}

/** A lint rule's severity as the configuration names it (`warn` is a finding's `warning`). */
export type LintSeveritySetting = "off" | "info" | "warn" | "error";

/** One entry of `lint.rules`: a severity, or a severity and the agents whose findings the rule reports. */
export type LintRuleSetting =
  | LintSeveritySetting
  | {
      /** The rule's severity (default: its own). */
      severity?: LintSeveritySetting;
      /**
       * Report the rule only for findings about these agent ids.
       * @minItems 1
       */
      agents?: string[];
    };

/**
 * A path or glob inside the repository: not absolute, no '..' segment.
 * @not {"pattern": "^/|^[A-Za-z]:|(^|[\\\\/])\\.\\.([\\\\/]|$)"}
 */
export type RepositoryPath = string;

/** Holds {@link Kind} equal to the chargeable item kinds (a compile error when one changes alone). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const KIND_IS_CHARGEABLE: Same<Kind, Exclude<ItemKind, "local" | "routed">> = true;
