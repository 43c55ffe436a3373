/**
 * Cases the Gemini CLI differential test found in its 300-case run `g300` (docs/findings-fuzz.md, "Gemini CLI"),
 * shrunk by hand and pinned against the pinned CLI 0.61.0: which of two same-named skills of one folder is
 * listed, blank-line runs of user memory in the system instruction, and a project context file that user
 * memory also imports. Each case runs the real CLI and the model (`checkCase` of fuzz/run.ts); the CLI must
 * send what the case says and the model must agree byte for byte. Its own file, apart from
 * gemini-fuzz.test.ts, so the generated CI seeds stay as they are.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeFixtures } from "../support/fixture.js";
import { type FuzzFoundCase, foundAsCase } from "./fuzz/found.js";
import { geminiAgent } from "./fuzz/gemini.js";
import { checkCase, pool, type Verdict } from "./fuzz/run.js";

interface Pinned extends FuzzFoundCase {
  /**
   * Other entry lists the CLI may send instead of `expectEntries` (a race in the CLI): the model must send
   * `expectEntries`, the CLI's usual list, whatever this run of the CLI sent.
   */
  orEntries?: string[][];
  /** Text each launch block (by root-relative path) must hold on the CLI's side, `<R>` for the root. */
  expectText?: Record<string, string>;
}

const skill = (name: string, description: string, at: string) =>
  `skills:   <skill>\n    <name>${name}</name>\n    <description>${description}</description>\n    <location><R>/${at}</location>\n  </skill>`;

const CASES: Pinned[] = [
  {
    // g300:5, :42, :65, :169, :220: the CLI's glob lists a skills folder's own SKILL.md first, then its
    // subfolders in reverse byte order (`deploy` before `db.migrate`, `zz` before the folder's SKILL.md's
    // successors); a later skill of a name replaces the earlier one. So `db.migrate/` wins over `deploy/`
    // and `zz/` over the folder's own SKILL.md. The glob checks subfolders concurrently, so a run may swap
    // two of them (1 in 100 on an idle machine, measured on the glob package; this case saw it once in
    // four runs on a loaded one): the CLI may then list `deploy/`'s (docs/findings-fuzz.md).
    name: "two_skills_of_one_name_in_one_folder_list_the_one_the_clis_glob_returns_last",
    seed: "g300:220",
    release: "0.61.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: {
      "proj/GEMINI.md": "project\n",
      "proj/.agents/skills/db.migrate/SKILL.md":
        "---\nname: db.migrate\ndescription: in db.migrate\n---\nbody\n",
      "proj/.agents/skills/deploy/SKILL.md": "---\nname: db.migrate\ndescription: in deploy\n---\nbody\n",
      "proj/.agents/skills/SKILL.md": "---\nname: top\ndescription: the folder's own\n---\nbody\n",
      "proj/.agents/skills/zz/SKILL.md": "---\nname: top\ndescription: in zz\n---\nbody\n",
    },
    reads: [],
    expect: ["proj/GEMINI.md"],
    expectReads: [],
    // The harness lists the entries sorted (the fuzz compares the skills section as a set).
    expectEntries: [
      skill("db.migrate", "in db.migrate", "proj/.agents/skills/db.migrate/SKILL.md"),
      skill("top", "in zz", "proj/.agents/skills/zz/SKILL.md"),
    ],
    orEntries: [
      [
        skill("db.migrate", "in deploy", "proj/.agents/skills/deploy/SKILL.md"),
        skill("top", "in zz", "proj/.agents/skills/zz/SKILL.md"),
      ],
    ],
  },
  {
    // g300:127, :148: the CLI sanitizes its whole system prompt with `replace(/\n{3,}/g, "\n\n")`, so user
    // memory (~/.gemini/GEMINI.md, the private project memory) loses a blank line of three newlines; the
    // project's block, in the first user message, keeps its two blank lines.
    name: "blank_lines_in_user_memory_are_collapsed_to_one_in_the_system_instruction",
    seed: "g300:127",
    release: "0.61.0",
    home: "home",
    git: ["proj"],
    cwd: "proj",
    files: {
      "home/.gemini/GEMINI.md": "user\n\n\n\nafter three blank lines\n",
      "home/.gemini/tmp/proj/memory/MEMORY.md": "memory\n\n\ntrailing spaces   \n",
      "proj/GEMINI.md": "project\n\n\nafter two blank lines\n",
    },
    reads: [],
    expect: ["home/.gemini/GEMINI.md", "home/.gemini/tmp/proj/memory/MEMORY.md", "proj/GEMINI.md"],
    expectReads: [],
    expectText: {
      "home/.gemini/GEMINI.md": "\nuser\n\nafter three blank lines\n",
      "home/.gemini/tmp/proj/memory/MEMORY.md": "\nmemory\n\ntrailing spaces",
      "proj/GEMINI.md": "\nproject\n\n\nafter two blank lines\n",
    },
  },
  {
    // g300:61: ~/.gemini/GEMINI.md imports the project's GEMINI.md, which is also a context file: the CLI sends
    // it inlined in the user memory and again as its own block (the model gave the path the import's text).
    name: "a_context_file_imported_by_user_memory_is_also_sent_as_its_own_block",
    seed: "g300:61",
    release: "0.61.0",
    home: "home",
    // The git root at the fixture root: the import out of ~/.gemini stays inside the project root.
    git: [""],
    cwd: "home/proj",
    files: {
      "home/.gemini/GEMINI.md": "user\n@../proj/GEMINI.md\n",
      "home/proj/GEMINI.md": "<!-- only a comment -->\n",
    },
    reads: [],
    expect: ["home/.gemini/GEMINI.md", "home/proj/GEMINI.md"],
    expectReads: [],
    expectText: {
      "home/.gemini/GEMINI.md": "<!-- Imported from: ../proj/GEMINI.md -->\n<!-- only a comment -->",
      "home/proj/GEMINI.md":
        "--- Context from: <R>/home/proj/GEMINI.md ---\n<!-- only a comment -->\n--- End of Context from:",
    },
  },
];

const ran = new Map<string, Verdict & { root: string }>();

beforeAll(async () => {
  const results = await pool(CASES, 2, (c) => checkCase(foundAsCase(c), { keep: true, agent: geminiAgent }));
  CASES.forEach((c, i) => {
    ran.set(c.name, results[i] as Verdict & { root: string });
  });
}, 600_000);

afterAll(removeFixtures);

describe("Gemini CLI 0.61.0: skills and user memory cases of the g300 run", () => {
  const rel = (root: string, p: string) => (p.startsWith(`${root}/`) ? p.slice(root.length + 1) : p);
  for (const c of CASES) {
    describe(c.name, () => {
      it("the_cli_sends_exactly_the_expected_blocks_and_entries", () => {
        const v = ran.get(c.name) as Verdict & { root: string };
        expect(v.error).toBeUndefined();
        expect(v.cli?.launch.map((l) => rel(v.root, l.path))).toEqual(c.expect);
        if (c.expectEntries)
          expect([c.expectEntries, ...(c.orEntries ?? [])]).toContainEqual(
            v.cli?.entries?.map((e) => e.replaceAll(v.root, "<R>")),
          );
        for (const [path, text] of Object.entries(c.expectText ?? {})) {
          const block = v.cli?.launch.find((l) => rel(v.root, l.path) === path)?.text ?? "";
          expect(block.replaceAll(v.root, "<R>")).toContain(text);
        }
      });
      it("the_model_agrees_with_the_cli_byte_for_byte", () => {
        const v = ran.get(c.name) as Verdict & { root: string };
        expect(v.model).toBeDefined();
        if (c.orEntries) {
          // The race: the model sends the CLI's usual list; the rest of the launch agrees byte for byte.
          expect(v.model?.entries?.map((e) => e.replaceAll(v.root, "<R>"))).toEqual(c.expectEntries);
          expect(v.diffs.filter((d) => !/^launch: the (CLI|model) lists /.test(d))).toEqual([]);
        } else expect(v.diffs).toEqual([]);
      });
    });
  }
});
