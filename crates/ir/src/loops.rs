//! Loop forest: dominators, natural loops, irreducible cycles, cutpoints (to be written).
