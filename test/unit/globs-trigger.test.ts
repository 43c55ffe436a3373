import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { anchoredPathRegex, compileTrigger, requiredLiteral, triggerModes } from "../../src/globs/trigger.js";
import { commandWords, pathLikeWords } from "../../src/shell/index.js";

const P = "workspaces/org/fieldkit/source/fieldkit/feature/profile/src/commonMain/kotlin/ProfileScreen.kt";

// [trigger, path target, fires]
const PATH_TABLE: [string, string, boolean][] = [
  // unanchored runs of whole segments
  ["secrets-manifest.yaml", "secrets-manifest.yaml", true],
  ["secrets-manifest.yaml", "workspaces/org/fieldkit/secrets-manifest.yaml", true],
  ["secrets-manifest.yaml", "workspaces/org/my-secrets-manifest.yaml", false],
  ["secrets-manifest.yaml", "workspaces/org/secrets-manifest.yaml.bak", false],
  ["/feature", P, true],
  ["/feature", "app/featureflags/x.kt", false],
  ["/feature", "app/myfeature/x.kt", false],
  ["/feature", "app/feature", true],
  ["feature/", "app/feature/x.kt", true],
  ["feature/profile", P, true],
  ["feature/src", P, false],
  ["*.kt", "x.kt", true],
  ["*.kt", "x.kts", false],
  ["*.kt", "a/b/x.kt", true],
  ["*.kt", "a/b.kt/c.txt", true],
  ["src/*.ts", "pkg/src/a.ts", true],
  ["src/*.ts", "pkg/src/sub/a.ts", false],
  ["src/*.ts", "pkg/mysrc/a.ts", false],
  // ** at either end and in the middle
  ["**/feature/*/src/**/*Screen.kt", P, true],
  ["**/feature/*/src/**/*Screen.kt", "feature/profile/src/ProfileScreen.kt", true],
  ["**/feature/*/src/**/*Screen.kt", "feature/src/ProfileScreen.kt", false],
  ["**/feature/*/src/**/*Screen.kt", "feature/a/b/src/ProfileScreen.kt", false],
  ["src/**", "src", true],
  ["src/**", "pkg/src/a/b.ts", true],
  ["src/**", "pkg/srcs/a.ts", false],
  ["**/*.kt", "x.kt", true],
  ["**", "anything/at/all", true],
  ["a/**/b", "a/b", true],
  ["a/**/b", "x/a/1/2/b/y", true],
  ["a/**/b", "a/xb", false],
  ["workspaces/*/*/source/*/feature/*/src/commonMain/**/*.kt", P, true],
  [
    "workspaces/*/*/source/*/feature/*/src/commonMain/**/*.kt",
    "workspaces/org/source/x/feature/p/src/commonMain/a.kt",
    false,
  ],
  ["a**b", "aXYb", true],
  ["a**b", "aX/Yb", false],
  // ?
  ["?.md", "a.md", true],
  ["?.md", "ab.md", false],
  ["a?c", "a/c", false],
  // braces
  ["*.{yml,yaml}", "ci/x.yaml", true],
  ["*.{yml,yaml}", "ci/x.yml", true],
  ["*.{yml,yaml}", "ci/x.json", false],
  ["{src,lib}/**/*.ts", "pkg/lib/a/b.ts", true],
  ["{src,lib/{a,b}}/x", "lib/b/x", true],
  ["{src,lib/{a,b}}/x", "lib/c/x", false],
  ["v{1..3}/api", "v2/api", true],
  ["v{1..3}/api", "v4/api", false],
  ["{single}.md", "{single}.md", true],
  ["a{b.md", "a{b.md", true],
  // character classes
  ["[ab].md", "a.md", true],
  ["[ab].md", "c.md", false],
  ["[!ab].md", "c.md", true],
  ["[a-c]x", "bx", true],
  ["a[b", "a[b", true],
  // regex metacharacters are literal
  ["app/(auth)/*.tsx", "app/(auth)/login.tsx", true],
  ["app/(auth)/*.tsx", "app/auth/login.tsx", false],
  ["a+b.md", "a+b.md", true],
  ["a+b.md", "aab.md", false],
  ["a|b", "a", false],
  ["a|b", "a|b", true],
  ["$x^.md", "$x^.md", true],
  ["a.md", "aXmd", false],
  ["\\*.md", "*.md", true],
  ["\\*.md", "x.md", false],
  // dots
  ["*.env", ".env", true],
  ["./src/a.ts", "src/a.ts", true],
];

describe("trigger globs over path segments", () => {
  it.each(PATH_TABLE)("trigger_%s_on_%s_fires_%s", (trigger, path, fires) => {
    expect(compileTrigger(trigger, "path").test(path)).toBe(fires);
  });

  it.each(PATH_TABLE.filter((c) => c[2]))("the_required_literal_of_%s_is_in_%s", (trigger, path) => {
    expect(path.includes(requiredLiteral(trigger, "path"))).toBe(true);
  });

  // Cross-check the plain cases (no regex metacharacters) against picomatch for an anchored match: when the
  // run is the whole path, trigger semantics and picomatch (dot: true) must agree.
  const plain = PATH_TABLE.filter(([t]) => !/[()|+$^\\]/.test(t) && !t.startsWith("/") && !t.endsWith("/"));
  it.each(plain)("anchored_%s_on_%s_agrees_with_picomatch", (trigger, path) => {
    // Left out: forms picomatch reads differently on purpose (a leading `[!` negates its whole pattern).
    if (
      trigger.startsWith("[!") ||
      trigger.startsWith("./") ||
      trigger.includes("{single}") ||
      trigger.includes("a{b") ||
      trigger === "a[b"
    )
      return;
    expect(anchoredPathRegex(trigger).test(path)).toBe(picomatch.isMatch(path, trigger, { dot: true }));
  });
});

// [trigger, command, fires]
const WORD_TABLE: [string, string, boolean][] = [
  ["git add -A", "git add -A", true],
  ["git add -A", "git add -A && git commit -m wip", true],
  ["git add -A", "cd x; git add -A", true],
  ["git add -A", "git add -Av", false],
  ["git add -A", "git add . -A", false],
  ["git add -A", "mygit add -A", false],
  ["git push --force", "git push --force-with-lease", false],
  ["git push *", "git push origin main", true],
  ["npm publish", "(cd pkg && npm publish)", true],
  ["npm publish", "echo 'npm publish'", true],
  ["terraform", "terraform apply", true],
  ["terraform", "terraformer apply", false],
  ["docker ** --privileged", "docker run -it --privileged img", true],
  ["docker ** --privileged", "docker run -it img", false],
  ["rm -rf {build,dist}", "rm -rf dist", true],
];

describe("trigger globs over command words", () => {
  it.each(WORD_TABLE)("trigger_%s_on_command_%s_fires_%s", (trigger, command, fires) => {
    expect(compileTrigger(trigger, "word").test(commandWords(command).join(" "))).toBe(fires);
  });

  it("a_trigger_with_whitespace_is_a_command_pattern_and_one_with_a_slash_a_path_pattern", () => {
    expect(triggerModes("git add -A")).toEqual({ path: false, word: true });
    expect(triggerModes("src/**")).toEqual({ path: true, word: false });
    expect(triggerModes("*.kt")).toEqual({ path: true, word: true });
  });

  it("command_words_split_operators_and_strip_quotes", () => {
    expect(commandWords(`git add -A&&git commit -m "two words" > out.txt`)).toEqual([
      "git",
      "add",
      "-A",
      "&&",
      "git",
      "commit",
      "-m",
      "two words",
      ">",
      "out.txt",
    ]);
  });

  it("path_like_words_are_those_with_a_slash_or_an_extension_but_not_options_or_urls", () => {
    expect(
      pathLikeWords(
        commandWords(
          "cat src/a.ts README.md --out=dist/x.js -v https://x.io/a.md $HOME/x FOO=cfg/app.yaml make *.kt ./run",
        ),
      ),
    ).toEqual(["src/a.ts", "README.md", "dist/x.js", "cfg/app.yaml", "./run"]);
  });
});
