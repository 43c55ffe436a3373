/** The squarified treemap layout of the HTML report (src/report/html/treemap.ts): pure geometry. */
import { describe, expect, it } from "vitest";
import { layoutTree, type Rect, squarify } from "../../src/report/html/treemap.js";

const BOX: Rect = { x: 10, y: 20, w: 1000, h: 600 };
const EPS = 1e-6;

/** A few deterministic value lists, including ties, a dominant value and many small ones. */
const CASES: number[][] = [
  [1],
  [6, 6, 4, 3, 2, 2, 1],
  [402, 394, 383, 224, 178, 140, 88],
  [10_000, 1, 1, 1, 1],
  Array.from({ length: 150 }, (_, i) => ((i * 7919) % 997) + 1),
];

const area = (r: Rect) => r.w * r.h;
const overlap = (a: Rect, b: Rect) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));

describe.each(CASES.map((c) => [c.length, c] as const))("squarify of %i values", (_n, values) => {
  const rects = squarify(values, BOX);
  const total = values.reduce((s, v) => s + v, 0);

  it("areas_are_proportional_to_the_values", () => {
    expect(rects).toHaveLength(values.length);
    values.forEach((v, i) => {
      expect(area(rects[i] as Rect)).toBeCloseTo((v / total) * area(BOX), 6);
    });
  });

  it("every_cell_lies_inside_the_box", () => {
    for (const r of rects) {
      expect(r.w).toBeGreaterThanOrEqual(0);
      expect(r.h).toBeGreaterThanOrEqual(0);
      expect(r.x).toBeGreaterThanOrEqual(BOX.x - EPS);
      expect(r.y).toBeGreaterThanOrEqual(BOX.y - EPS);
      expect(r.x + r.w).toBeLessThanOrEqual(BOX.x + BOX.w + EPS);
      expect(r.y + r.h).toBeLessThanOrEqual(BOX.y + BOX.h + EPS);
    }
  });

  it("no_two_cells_overlap_and_together_they_fill_the_box", () => {
    for (let i = 0; i < rects.length; i++)
      for (let j = i + 1; j < rects.length; j++)
        expect(overlap(rects[i] as Rect, rects[j] as Rect)).toBeLessThan(1e-6);
    expect(rects.reduce((s, r) => s + area(r), 0)).toBeCloseTo(area(BOX), 4);
  });
});

it("cells_are_squarish_not_slivers_for_equal_values", () => {
  const rects = squarify(Array(16).fill(1), { x: 0, y: 0, w: 400, h: 400 });
  for (const r of rects) expect(Math.max(r.w / r.h, r.h / r.w)).toBeLessThan(2.5);
});

it("zero_and_empty_values_give_zero_area_cells_and_never_nan", () => {
  expect(squarify([], BOX)).toEqual([]);
  const rects = squarify([0, 5, 0], BOX);
  expect(area(rects[0] as Rect)).toBe(0);
  expect(area(rects[2] as Rect)).toBe(0);
  expect(area(rects[1] as Rect)).toBeCloseTo(area(BOX), 6);
  for (const r of squarify([0, 0], BOX)) expect(Number.isNaN(r.x + r.y + r.w + r.h)).toBe(false);
});

it("a_nested_tree_places_each_leaf_inside_its_group_and_leaves_keep_their_share", () => {
  const tree = [
    {
      value: 0,
      data: "memory",
      children: [
        { value: 300, data: "CLAUDE.md" },
        { value: 100, data: "a.md" },
      ],
    },
    { value: 0, data: "rules", children: [{ value: 200, data: "r.md" }] },
  ];
  const placed = layoutTree(tree, { x: 0, y: 0, w: 600, h: 600 });
  const at = (d: string) => placed.find((p) => p.data === d) as (typeof placed)[number];
  expect(placed.map((p) => p.data)).toEqual(["memory", "CLAUDE.md", "a.md", "rules", "r.md"]);
  expect(area(at("CLAUDE.md").rect)).toBeCloseTo(600 * 600 * 0.5, 6);
  expect(area(at("r.md").rect)).toBeCloseTo(600 * 600 * (200 / 600), 6);
  for (const [leaf, group] of [
    ["CLAUDE.md", "memory"],
    ["a.md", "memory"],
    ["r.md", "rules"],
  ] as const) {
    const l = at(leaf).rect;
    const g = at(group).rect;
    expect(l.x).toBeGreaterThanOrEqual(g.x - EPS);
    expect(l.x + l.w).toBeLessThanOrEqual(g.x + g.w + EPS);
    expect(l.y + l.h).toBeLessThanOrEqual(g.y + g.h + EPS);
    expect(at(leaf).leaf).toBe(true);
    expect(at(group).leaf).toBe(false);
  }
});
