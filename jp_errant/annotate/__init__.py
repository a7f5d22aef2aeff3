"""spaCy-free errant annotation for jp_errant_parallel and jp_errant_m2.

Pipeline: a backend (``backend``, ``stanza_backend``) analyses lines into UD tokens
(``tokens``); ``pairing`` decides which ORIG and COR lines are annotated together (jp_align
when segmentations differ); ``alignment`` aligns the two token sequences; ``merging`` turns
the alignment into edits; ``classify_en`` / ``classify_generic`` give their types;
``annotator`` ties the three together and ``pipeline`` / ``reannotate`` build M2 sentences
(written with ``jp_errant.m2``). stanza is imported only by ``stanza_backend``.
"""
