"""A layered layout of a directed graph: boxes and edges in, coordinates out.

Pure geometry (no drawing, no I/O), for :mod:`sphinx_rfc.render.graph_svg`.
The classic layered method, kept small:

1. cycles are broken by reversing the back edges of a depth-first search
   (roots in node order, so the result is deterministic);
2. layers by longest path from the sources, then a node with more edges out
   than in moves as close to its successors as it can; nodes with no edge
   fill the least crowded layers, so a graph of loose RFCs is a grid;
3. layers are doubled: an edge's label is a box in the half-layer between
   two node layers, and an edge crossing a layer has a point (dummy) in it,
   so labels and edges get room and never overlap a box;
4. order within a layer: barycenter sweeps, keeping the order with the
   fewest crossings;
5. positions across the layers: each item pulled to the mean of its
   neighbours, overlaps resolved exactly (isotonic regression, pool
   adjacent violators), a few passes up and down.

Layers run along x for ``LR`` (and mirrored for ``RL``), along y for
``TD``/``TB`` (mirrored for ``BT``).  Every coordinate is rounded to an
integer, so the same input gives the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import accumulate, pairwise

Point = tuple[int, int]

NODE_GAP = 18.0  # between two boxes of one layer
DUMMY_GAP = 8.0  # beside an edge passing through a layer
RANK_GAP = 30.0  # between a layer and the half-layer next to it, at least
STEEP = 0.1  # and wider by this much of the largest jump across it (gentler curves)
MAX_GAP = 80.0
LOOP = 18.0  # how far a self-loop reaches out of its box (before its label)
PORT_STEP = 8.0  # between the ends of two edges on one side of a box
SWEEPS = 8
PASSES = 8


@dataclass(frozen=True)
class Edge:
    source: int
    target: int
    label: tuple[float, float] | None = None  # width and height of its label


@dataclass(frozen=True)
class Layout:
    width: int
    height: int
    boxes: list[tuple[int, int, int, int]]  # per node: x, y, width, height
    #: per edge, from source to target: a start point, then three points
    #: (two controls and an end) per cubic piece; a straight piece has its
    #: controls on its ends
    paths: list[list[Point]]
    labels: list[Point | None]  # per edge: the centre of its label


def layout(
    sizes: Sequence[tuple[float, float]], edges: Sequence[Edge], direction: str = "LR"
) -> Layout:
    """Place boxes of *sizes* (width, height) joined by *edges*."""
    return _Layered(sizes, edges, direction).run()


def _break_cycles(n: int, pairs: list[tuple[int, int, int]]) -> set[int]:
    """Indexes of the edges to reverse so that *pairs* has no cycle."""
    out: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    indegree = [0] * n
    for u, v, index in pairs:
        out[u].append((v, index))
        indegree[v] += 1
    state = [0] * n  # 0 unseen, 1 on the stack, 2 done
    back: set[int] = set()
    roots = [v for v in range(n) if indegree[v] == 0] + list(range(n))
    for root in roots:
        if state[root]:
            continue
        state[root] = 1
        stack = [(root, 0)]
        while stack:
            node, i = stack[-1]
            if i < len(out[node]):
                stack[-1] = (node, i + 1)
                v, index = out[node][i]
                if state[v] == 1:
                    back.add(index)
                elif state[v] == 0:
                    state[v] = 1
                    stack.append((v, 0))
            else:
                state[node] = 2
                stack.pop()
    return back


def _place(targets: list[float], seps: list[float], weights: list[float]) -> list[float]:
    """Positions closest to *targets* (weighted least squares) with each at
    least its *seps* after the one before: pool adjacent violators."""
    if not targets:  # an empty half-layer: two columns of loose nodes, no edge between
        return []
    offsets = list(accumulate(seps, initial=0.0))
    weight: list[float] = []  # per block of items placed side by side
    total: list[float] = []  # weighted sum of the block's targets
    count: list[int] = []
    for target, offset, w in zip(targets, offsets, weights, strict=True):
        s, c = w * (target - offset), 1
        while weight and total[-1] * w > s * weight[-1]:
            w += weight.pop()
            s += total.pop()
            c += count.pop()
        weight.append(w)
        total.append(s)
        count.append(c)
    out: list[float] = []
    for w, s, c in zip(weight, total, count, strict=True):
        out += [s / w] * c
    return [y + offset for y, offset in zip(out, offsets, strict=True)]


class _Layered:
    def __init__(
        self, sizes: Sequence[tuple[float, float]], edges: Sequence[Edge], direction: str
    ) -> None:
        self.horizontal = direction not in ("TD", "TB", "BT")
        self.mirrored = direction in ("RL", "BT")
        self.n = len(sizes)
        self.sizes = sizes
        self.edges = edges
        # items: the nodes, then the dummies; sizes along and across the layers
        self.along = [float(w if self.horizontal else h) for w, h in sizes]
        self.across = [float(h if self.horizontal else w) for w, h in sizes]
        self.loops: list[list[int]] = [[] for _ in sizes]
        self.room = [0.0 for _ in sizes]  # kept before a box for its self-loops
        self.reach: dict[int, float] = {}  # how far a self-loop reaches out
        self.rank: list[int] = []
        self.up: list[list[int]] = []
        self.down: list[list[int]] = []
        self.chains: dict[int, list[int]] = {}
        self.flipped: set[int] = set()
        self.dag: list[tuple[int, int, int]] = []  # edges with cycles broken

    def run(self) -> Layout:
        self._layers()
        self._dummies()
        layers = self._order()
        coord = self._coordinates(layers)
        return self._result(layers, coord)

    # -- layers ------------------------------------------------------------

    def _layers(self) -> None:
        n = self.n
        pairs = []
        for index, edge in enumerate(self.edges):
            if edge.source == edge.target:
                self.loops[edge.source].append(index)
            else:
                pairs.append((edge.source, edge.target, index))
        self.flipped = _break_cycles(n, pairs)
        succ: list[list[int]] = [[] for _ in range(n)]
        pred: list[list[int]] = [[] for _ in range(n)]
        for u, v, index in pairs:
            if index in self.flipped:
                u, v = v, u
            self.dag.append((u, v, index))
            succ[u].append(v)
            pred[v].append(u)
        indegree = [len(p) for p in pred]
        topo = [v for v in range(n) if indegree[v] == 0]
        for u in topo:  # grows while it is read (Kahn)
            for v in succ[u]:
                indegree[v] -= 1
                if indegree[v] == 0:
                    topo.append(v)
        layer = [0] * n
        for u in topo:
            for v in succ[u]:
                layer[v] = max(layer[v], layer[u] + 1)
        for _ in range(4):  # shorter edges: a node moves to the end of its slack
            moved = False           # where more of its edges are
            for u in (*reversed(topo), *topo):
                balance = len(succ[u]) - len(pred[u])
                if balance > 0:
                    best = min(layer[v] for v in succ[u]) - 1
                elif balance < 0:
                    best = max(layer[v] for v in pred[u]) + 1
                else:
                    continue
                moved |= best != layer[u]
                layer[u] = best
            if not moved:
                break
        linked = [v for v in range(n) if succ[v] or pred[v]]
        used = sorted({layer[v] for v in linked})
        compact = {old: new for new, old in enumerate(used)}
        for v in linked:
            layer[v] = compact[layer[v]]
        loose = [v for v in range(n) if not (succ[v] or pred[v])]
        if loose:
            mean_across = sum(self.across[v] for v in loose) / len(loose) + NODE_GAP
            mean_along = sum(self.along[v] for v in loose) / len(loose) + 3 * RANK_GAP
            columns = math.ceil(math.sqrt(len(loose) * mean_across / mean_along))
            load = [0.0] * max(len(used), columns, 1)
            for v in linked:
                load[layer[v]] += self.across[v] + NODE_GAP
            for v in loose:
                layer[v] = min(range(len(load)), key=lambda r: (load[r], r))
                load[layer[v]] += self.across[v] + NODE_GAP
        for v in range(n):  # room before a box for its self-loops, each with its label
            for index in self.loops[v]:
                label = self.edges[index].label
                self.reach[index] = self.room[v] + LOOP
                self.room[v] += LOOP + 6 + (label[1 if self.horizontal else 0] if label else 0)
            self.across[v] += self.room[v]
        self.rank = [2 * layer[v] for v in range(n)]

    def _dummies(self) -> None:
        self.up = [[] for _ in range(self.n)]
        self.down = [[] for _ in range(self.n)]
        for u, v, index in self.dag:
            label = self.edges[index].label
            low, high = self.rank[u], self.rank[v]
            middle = (low + high) // 2
            middle -= 1 - middle % 2
            chain = [u]
            for r in range(low + 1, high):
                size = label if label is not None and r == middle else (0.0, 0.0)
                chain.append(len(self.rank))
                self.rank.append(r)
                self.along.append(size[0] if self.horizontal else size[1])
                self.across.append(size[1] if self.horizontal else size[0])
                self.up.append([])
                self.down.append([])
            chain.append(v)
            for a, b in pairwise(chain):
                self.down[a].append(b)
                self.up[b].append(a)
            self.chains[index] = chain

    # -- order within layers -------------------------------------------------

    def _rounds(self, most: int) -> int:
        """Up to *most* sweeps or passes, fewer for a big graph (time)."""
        return max(2, min(most, 30000 // max(len(self.rank), 1)))

    def _order(self) -> list[list[int]]:
        layers: list[list[int]] = [[] for _ in range(max(self.rank, default=-1) + 1)]
        for item, r in enumerate(self.rank):
            layers[r].append(item)
        pos = [0] * len(self.rank)
        for layer in layers:
            for p, item in enumerate(layer):
                pos[item] = p
        best = [list(layer) for layer in layers]
        fewest = self._crossings(layers, pos)
        rounds = self._rounds(SWEEPS)
        for sweep in range(rounds):
            if fewest == 0:
                break
            downward = sweep % 2 == 0
            ranks = range(1, len(layers)) if downward else range(len(layers) - 2, -1, -1)
            near = self.up if downward else self.down
            for r in ranks:
                keyed = []
                for item in layers[r]:
                    others = near[item]
                    if len(others) == 1:
                        bary: float = pos[others[0]]
                    elif others:
                        bary = sum(map(pos.__getitem__, others)) / len(others)
                    else:
                        bary = pos[item]
                    keyed.append((bary, pos[item], item))
                keyed.sort()
                layers[r] = [item for _b, _p, item in keyed]
                for p, item in enumerate(layers[r]):
                    pos[item] = p
            if not downward or sweep == rounds - 1:
                count = self._crossings(layers, pos)
                if count < fewest:
                    fewest, best = count, [list(layer) for layer in layers]
        return best

    def _crossings(self, layers: list[list[int]], pos: list[int]) -> int:
        total = 0
        down = self.down
        for r in range(len(layers) - 1):
            ends = sorted([(pos[a], pos[b]) for a in layers[r] for b in down[a]])
            size = len(layers[r + 1])
            tree = [0] * (size + 1)  # Fenwick tree of the lower ends seen
            for seen, (_, b) in enumerate(ends):
                i, below = b + 1, 0
                while i > 0:
                    below += tree[i]
                    i -= i & -i
                total += seen - below
                i = b + 1
                while i <= size:
                    tree[i] += 1
                    i += i & -i
        return total

    # -- coordinates ---------------------------------------------------------

    def _sep(self, a: int, b: int) -> float:
        gap = NODE_GAP if a < self.n and b < self.n else DUMMY_GAP
        return (self.across[a] + self.across[b]) / 2 + gap

    def _coordinates(self, layers: list[list[int]]) -> list[float]:
        coord = [0.0] * len(self.rank)
        seps = [[self._sep(a, b) for a, b in pairwise(layer)] for layer in layers]
        for layer, layer_seps in zip(layers, seps, strict=True):
            for item, c in zip(layer, _place([0.0] * len(layer), layer_seps, [1.0] * len(layer)),
                               strict=True):
                coord[item] = c
        n = self.n
        # neighbours and their pull: a long edge's dummies pull hard, to keep it straight
        near = [[(o, 4.0 if i >= n and o >= n else 1.0) for o in (*self.up[i], *self.down[i])]
                for i in range(len(self.rank))]
        pull = [sum(w for _o, w in pairs) for pairs in near]
        for p in range(self._rounds(PASSES)):
            for r in range(len(layers)) if p % 2 == 0 else range(len(layers) - 1, -1, -1):
                targets = [
                    sum([w * coord[o] for o, w in near[i]]) / pull[i] if pull[i] else coord[i]
                    for i in layers[r]
                ]
                weights = [pull[i] or 0.5 for i in layers[r]]
                for item, c in zip(layers[r], _place(targets, seps[r], weights), strict=True):
                    coord[item] = c
        low = min((coord[i] - self.across[i] / 2 for i in range(len(coord))), default=0.0)
        return [c - low for c in coord]

    def _result(self, layers: list[list[int]], coord: list[float]) -> Layout:
        n, rank, along = self.n, self.rank, self.along
        thick = [max((along[i] for i in layer), default=0.0) for layer in layers]
        gaps = [min(MAX_GAP, RANK_GAP + STEEP * max(
            (abs(coord[a] - coord[b]) for a in layer for b in self.down[a]), default=0.0))
            for layer in layers[:-1]]
        starts = list(accumulate(map(sum, zip(thick, [*gaps, 0.0], strict=False)), initial=0.0))
        length = round(starts[-1])
        start = [round(a) for a in starts[:-1]]
        end = [round(a + t) for a, t in zip(starts, thick, strict=False)]
        mid = [round(a + t / 2) for a, t in zip(starts, thick, strict=False)]
        breadth = max((coord[i] + self.across[i] / 2 for i in range(len(coord))), default=0.0)
        # a node's own centre: after the room kept for its self-loops
        centre = [coord[v] + self.room[v] / 2 for v in range(n)]
        at = [round(c) for c in coord]

        def place(points: list[Point]) -> list[Point]:
            if self.mirrored:
                points = [(length - a, c) for a, c in points]
            return points if self.horizontal else [(c, a) for a, c in points]

        ends = self._ports(coord, centre)
        paths: list[list[Point]] = [[] for _ in self.edges]
        labels: list[Point | None] = [None] * len(self.edges)
        for index, chain in self.chains.items():
            u, v = chain[0], chain[-1]
            line = [(round(mid[rank[u]] + along[u] / 2), ends[(index, u)])]
            for d in chain[1:-1]:
                r = rank[d]
                if along[d] > 0:
                    labels[index] = place([(mid[r], at[d])])[0]
                if thick[r] > 0:
                    line += [(start[r], at[d]), (end[r], at[d])]
            line.append((round(mid[rank[v]] - along[v] / 2), ends[(index, v)]))
            pieces = [line[0]]
            for (a0, c0), (a1, c1) in pairwise(line):
                if c0 != c1:
                    m = (a0 + a1) // 2
                    pieces += [(m, c0), (m, c1), (a1, c1)]
                elif len(pieces) > 3 and pieces[-2] == pieces[-1] and pieces[-3][1] == c0:
                    pieces[-2:] = [(a1, c0), (a1, c0)]  # one straight piece
                else:
                    pieces += [(a0, c0), (a1, c1), (a1, c1)]
            if index in self.flipped:
                pieces.reverse()
            paths[index] = place(pieces)
        for v in range(n):
            before = round(centre[v] - (self.across[v] - self.room[v]) / 2)
            spread = round(min(along[v] / 4, 20.0))
            for index in self.loops[v]:
                reach = self.reach[index]
                al, top = mid[rank[v]], round(before - reach / 0.75)
                paths[index] = place([(al - spread, before), (al - spread, top),
                                      (al + spread, top), (al + spread, before)])
                label = self.edges[index].label
                if label is not None:
                    half = (label[1] if self.horizontal else label[0]) / 2
                    labels[index] = place([(al, round(before - reach - half - 2))])[0]
        boxes = []
        for (x, y), (w, h) in zip(place([(mid[rank[v]], round(centre[v])) for v in range(n)]),
                                  self.sizes, strict=True):
            boxes.append((x - round(w / 2), y - round(h / 2), round(w), round(h)))
        width, height = (length, breadth) if self.horizontal else (breadth, length)
        return Layout(math.ceil(width), math.ceil(height), boxes, paths, labels)

    def _ports(self, coord: list[float], centre: list[float]) -> dict[tuple[int, int], int]:
        """Where each edge meets its node across the layers: the ends on one
        side of a box spread out, in the order of where they come from."""
        sides: dict[tuple[int, bool], list[tuple[float, int]]] = {}
        for index, chain in self.chains.items():
            sides.setdefault((chain[0], True), []).append((coord[chain[1]], index))
            sides.setdefault((chain[-1], False), []).append((coord[chain[-2]], index))
        ends: dict[tuple[int, int], int] = {}
        for (v, _out), found in sorted(sides.items()):
            found.sort()
            own = self.across[v] - self.room[v]
            step = min(PORT_STEP, own * 0.6 / max(len(found) - 1, 1))
            first = centre[v] - step * (len(found) - 1) / 2
            for k, (_c, index) in enumerate(found):
                ends[(index, v)] = round(first + k * step)
        return ends
