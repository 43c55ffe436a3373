/**
 * A squarified treemap layout (Bruls, Huizing and van Wijk, 2000), pure: numbers in, rectangles out. The
 * HTML report (./page.ts) draws the charged launch files with it, nested by why they load. No DOM, no I/O.
 */

/** An axis-aligned rectangle; any unit (the report uses percent of the chart box). */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Lays out `values` (non-negative weights, e.g. bytes) in `box`, squarified: each returned rectangle's area
 * is `box.w * box.h * value / sum(values)`, the rectangles tile the box without overlap, and their aspect
 * ratios stay close to 1. The result has one rectangle per value, in the order of `values` (a zero value
 * gets a zero-area rectangle at the box's corner). Sorting is done here (largest first); callers need not
 * sort. An empty list or an all-zero list gives zero-area rectangles.
 */
export function squarify(values: readonly number[], box: Rect): Rect[] {
  const out: Rect[] = values.map(() => ({ x: box.x, y: box.y, w: 0, h: 0 }));
  const total = values.reduce((s, v) => s + Math.max(0, v), 0);
  if (total <= 0 || box.w <= 0 || box.h <= 0) return out;
  const scale = (box.w * box.h) / total;
  const order = values
    .map((v, i) => ({ i, a: Math.max(0, v) * scale }))
    .filter((e) => e.a > 0)
    .sort((p, q) => q.a - p.a || p.i - q.i);
  let free: Rect = { ...box };
  let row: { i: number; a: number }[] = [];
  let k = 0;
  while (k < order.length) {
    const next = order[k] as { i: number; a: number };
    const side = Math.min(free.w, free.h);
    if (row.length === 0 || worst([...row, next], side) <= worst(row, side)) {
      row.push(next);
      k++;
    } else {
      free = placeRow(row, free, out);
      row = [];
    }
  }
  if (row.length > 0) placeRow(row, free, out, true);
  return out;
}

/** The worst aspect ratio of a row of areas laid along a side of length `side`. */
function worst(row: readonly { a: number }[], side: number): number {
  const s = row.reduce((n, e) => n + e.a, 0);
  let max = 0;
  let min = Number.POSITIVE_INFINITY;
  for (const e of row) {
    if (e.a > max) max = e.a;
    if (e.a < min) min = e.a;
  }
  const s2 = s * s;
  const w2 = side * side;
  return Math.max((w2 * max) / s2, s2 / (w2 * min));
}

/**
 * Places a row along the shorter side of `free`, writes its rectangles into `out`, and returns the space
 * left. `last`: the row fills the rest exactly (absorbs floating-point drift).
 */
function placeRow(row: readonly { i: number; a: number }[], free: Rect, out: Rect[], last = false): Rect {
  const s = row.reduce((n, e) => n + e.a, 0);
  if (free.w >= free.h) {
    // A column on the left, full height.
    const w = last ? free.w : Math.min(free.w, s / free.h);
    let y = free.y;
    row.forEach((e, j) => {
      const h = j === row.length - 1 ? free.y + free.h - y : (e.a / s) * free.h;
      out[e.i] = { x: free.x, y, w, h };
      y += h;
    });
    return { x: free.x + w, y: free.y, w: free.w - w, h: free.h };
  }
  // A row at the top, full width.
  const h = last ? free.h : Math.min(free.h, s / free.w);
  let x = free.x;
  row.forEach((e, j) => {
    const w = j === row.length - 1 ? free.x + free.w - x : (e.a / s) * free.w;
    out[e.i] = { x, y: free.y, w, h };
    x += w;
  });
  return { x: free.x, y: free.y + h, w: free.w, h: free.h - h };
}

/** A node of a weighted tree: a leaf carries `value`; a group's weight is the sum of its children's. */
export interface TreeNode<T> {
  /** Own weight (bytes); ignored for a node with children. */
  value: number;
  /** What the node stands for (a file, a group). */
  data: T;
  children?: TreeNode<T>[];
}

/** One placed node: its rectangle, its depth (0 = a child of the root box) and whether it is a leaf. */
export interface Placed<T> {
  rect: Rect;
  data: T;
  depth: number;
  leaf: boolean;
}

/** The weight of a node: its value when a leaf, else the sum of its children's weights. */
export function weight<T>(node: TreeNode<T>): number {
  if (!node.children || node.children.length === 0) return Math.max(0, node.value);
  return node.children.reduce((s, c) => s + weight(c), 0);
}

/**
 * Lays out a forest of nodes in `box`, recursively: each group gets a rectangle proportional to its weight
 * and its children are squarified inside it, inset by `pad` on every side except the top, which is inset
 * by `header` (room for the group's label). Returns every placed node, groups before their children;
 * nodes of weight 0 are left out. Leaf areas stay proportional to their values only when pad and header
 * are 0; with padding they are proportional within each group.
 */
export function layoutTree<T>(
  nodes: readonly TreeNode<T>[],
  box: Rect,
  opts: { pad?: number; header?: number } = {},
  depth = 0,
): Placed<T>[] {
  const pad = opts.pad ?? 0;
  const header = opts.header ?? 0;
  const rects = squarify(
    nodes.map((n) => weight(n)),
    box,
  );
  const out: Placed<T>[] = [];
  nodes.forEach((n, i) => {
    const r = rects[i] as Rect;
    if (r.w <= 0 || r.h <= 0) return;
    const leaf = !n.children || n.children.length === 0;
    out.push({ rect: r, data: n.data, depth, leaf });
    if (leaf) return;
    const inner: Rect = {
      x: r.x + pad,
      y: r.y + header,
      w: Math.max(0, r.w - 2 * pad),
      h: Math.max(0, r.h - header - pad),
    };
    // A group too small for its inset still shows its children, in the whole rectangle.
    const use = inner.w > 0 && inner.h > 0 ? inner : r;
    out.push(...layoutTree(n.children as TreeNode<T>[], use, opts, depth + 1));
  });
  return out;
}
