"""ChERRANT's char-level annotator: tokens, resources, costs, alignment, merging, M2 blocks."""
