"""Typed use of the package, as a researcher writes it: `mypy --strict` must accept this
file (tests/test_typing.py runs it), so the documented attributes type-check."""

from typing import List, Optional

import cubelab
from cubelab import Cube, census, extended, magic, picture, stack
from cubelab.reports import (
    CensusMaxTargetsReport,
    CensusTargetsAllReport,
    CensusTargetsReport,
    CensusUniversalReport,
    MagicEstimateReport,
    MagicEstimateTemperingReport,
    MagicSquaresReport,
    PictureBoundsReport,
    RelationsGroundReport,
    RelationsReport,
    Targets,
)

table2 = census.targets(size=8)
total: int = table2.total
mean: float = table2.report.mean
whole: CensusTargetsReport = table2.report
every = census.targets(size="all", colors=2)
whole_all: CensusTargetsAllReport = every.report
part: Targets = every[8].report
eight: int = every[8].total
ba = census.solution_numbers(target="Ba")
agree: bool = census.solution_numbers(all_targets=True).report.agree
universal: CensusUniversalReport = census.universal(colors=2)
first_set: tuple[str, ...] = universal.sets[0]
best: CensusMaxTargetsReport = census.max_targets()
most: int = best.max

targets = cubelab.build(["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"])
name: Optional[str] = targets[0].name
count: int = targets[0].arrangements
found = cubelab.solve("Cb", ["Ac", "Af", "Ba", "Bf", "Ea", "Ef", "Fa", "Fc"], explain=True)
corners: List[str] = [p.corner for p in found[0].placements]
reason: Optional[str] = found.explanation.reason if found.explanation else None
all_arrangements: int = found.total
same_list_count: int = found.count(found[0])
relations: RelationsReport = cubelab.relations()
edges: int = relations.graph.edges
ground: RelationsGroundReport = cubelab.relations(ground="Ab")
ab = Cube("Ab")
mirror: Optional[str] = ab.mirror.conway
row = ab.to_dict()

squares: MagicSquaresReport = magic.squares(order=4)
essentially: Optional[int] = squares.count
tree: MagicEstimateReport = magic.estimate(order=3, samples=100, seed=1)
low: float = tree.low
tempering: MagicEstimateTemperingReport = magic.estimate(order=3, method="tempering", repeats=2, sweeps=10)
ln: float = tempering.ln_estimate
cube = magic.construct(3)
order: int = cube.order
semi: bool = magic.check(cube).semi_perfect
classes = magic.enumerate(order=3, classes=True)
size: int = classes[0].size

bounds: PictureBoundsReport = picture.bounds(2, 2)
upper: int = bounds.upper
moves: tuple[str, ...] = picture.solve("UF RB / DL UF", method="optimal").moves
distances = picture.census(2, 2)
diameter: int = distances.report.diameter

front: str = stack.solve(classic="instant-insanity")[0].sides.front
placed = extended.solve("Af", ["Af"] * 26 + ["Ab"], size=3)
layer_one = placed.layer(1)
arrangements: Optional[int] = placed.total
