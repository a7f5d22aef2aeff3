/* Optional accelerator of jp_evalb's fast tree reader (jp_evalb.trees._read_spans).
 *
 * Reader(keys, delete, delete_for_length) holds what one run reads lines with: the scorer's
 * label table (raw phrase label -> key or None: a dict subclass whose __missing__ fills it, or
 * any mapping) and the DELETE_LABEL and DELETE_LABEL_FOR_LENGTH sets, plus a bounded cache of
 * the phrase labels and POS tags met, found again by their bytes (no str is made for a label or
 * a tag seen before).
 *
 * Reader.read_spans(line) reads one tree line the way the pure-Python fast reader does and
 * returns the same result:
 *
 *   (words, tags, length, spans)  the line is read (spans: (start, end, key) in the order of
 *                                  their ")", zero-span brackets and None keys left out);
 *   None                          the Python fast reader returns None too (the line goes to
 *                                  the token-by-token scanner);
 *   NotImplemented                a line this code does not decide: not ASCII, or with a NUL
 *                                  (the Python fast reader reads it instead).
 *
 * The pure-Python reader is the specification: tests/test_jp_evalb_fastread.py compares the
 * two on generated lines and on every corpus and vector line. Written for this project; no
 * code of evalb is used.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define LONG_LABEL 29 /* jp_evalb.trees.LONG_LABEL: longer labels go to the scanner */
#define LONG_WORD 99  /* jp_evalb.trees.LONG_WORD */
#define CACHE_SLOTS 4096 /* labels and tags remembered per run (half the table at most) */

/* C isspace() in the "C" locale: what the Python reader strips and splits at. */
static inline int c_space(unsigned char c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

/* ASCII characters str.split() also takes for whitespace (and C does not): the Python reader
 * leaves a piece holding one to the scanner. */
static inline int split_unsafe(unsigned char c) {
    return c >= 0x1c && c <= 0x1f;
}

/* ---- the cache of labels and tags ------------------------------------------------------ */

typedef struct {
    uint64_t hash;       /* 0: an empty slot */
    unsigned char size;  /* bytes of the name (at most LONG_LABEL) */
    unsigned char is_tag;
    unsigned char flags; /* tags: 1 kept (not deleted), 2 counted for the length */
    char name[LONG_LABEL];
    PyObject *value;     /* strong: a label's key, or a tag's str */
} Slot;

typedef struct {
    PyObject_HEAD
    PyObject *keys;
    PyObject *delete;
    PyObject *delete_for_length;
    Slot *slots;
    Py_ssize_t used;
} Reader;

static uint64_t name_hash(const unsigned char *name, Py_ssize_t size, int is_tag) {
    uint64_t hash = 1469598103934665603ULL ^ (uint64_t)is_tag; /* FNV-1a */
    for (Py_ssize_t i = 0; i < size; i++) {
        hash = (hash ^ name[i]) * 1099511628211ULL;
    }
    return hash ? hash : 1;
}

/* The slot holding ``name`` or the empty slot where it belongs (never NULL: the table is kept
 * at most half full). */
static Slot *find_slot(Reader *self, const unsigned char *name, Py_ssize_t size, int is_tag,
                       uint64_t hash) {
    size_t mask = 2 * CACHE_SLOTS - 1;
    for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
        Slot *slot = &self->slots[i];
        if (slot->hash == 0 || (slot->hash == hash && slot->size == size && slot->is_tag == is_tag
                                && memcmp(slot->name, name, (size_t)size) == 0)) {
            return slot;
        }
    }
}

static void remember(Reader *self, Slot *slot, const unsigned char *name, Py_ssize_t size,
                     int is_tag, uint64_t hash, PyObject *value, int flags) {
    if (self->used >= CACHE_SLOTS) {
        return; /* full: further names are looked up every time */
    }
    slot->hash = hash;
    slot->size = (unsigned char)size;
    slot->is_tag = (unsigned char)is_tag;
    slot->flags = (unsigned char)flags;
    memcpy(slot->name, name, (size_t)size);
    Py_INCREF(value);
    slot->value = value;
    self->used++;
}

static PyObject *ascii_str(const unsigned char *text, Py_ssize_t size) {
    PyObject *str = PyUnicode_New(size, 127);
    if (str != NULL) {
        memcpy(PyUnicode_1BYTE_DATA(str), text, (size_t)size);
    }
    return str;
}

/* The key of a phrase label (borrowed from the cache, or new in ``*made``). */
static PyObject *phrase_key(Reader *self, const unsigned char *label, Py_ssize_t size,
                            PyObject **made) {
    uint64_t hash = name_hash(label, size, 0);
    Slot *slot = find_slot(self, label, size, 0, hash);
    if (slot->hash != 0) {
        return slot->value;
    }
    PyObject *name = ascii_str(label, size);
    if (name == NULL) {
        return NULL;
    }
    /* (A dict subclass is looked up directly first: its __missing__ runs only on a miss.) */
    PyObject *key = PyDict_Check(self->keys) ? PyDict_GetItemWithError(self->keys, name) : NULL;
    if (key != NULL) {
        Py_INCREF(key);
    } else if (!PyErr_Occurred()) {
        key = PyObject_GetItem(self->keys, name);
    }
    Py_DECREF(name);
    if (key == NULL) {
        return NULL;
    }
    remember(self, slot, label, size, 0, hash, key, 0);
    *made = key;
    return key;
}

/* A POS tag's str (new reference) and its flags. */
static PyObject *tag_of(Reader *self, const unsigned char *label, Py_ssize_t size, int *flags) {
    uint64_t hash = name_hash(label, size, 1);
    Slot *slot = find_slot(self, label, size, 1, hash);
    if (slot->hash != 0) {
        *flags = slot->flags;
        Py_INCREF(slot->value);
        return slot->value;
    }
    PyObject *tag = ascii_str(label, size);
    if (tag == NULL) {
        return NULL;
    }
    int deleted = PySet_Contains(self->delete, tag);
    int uncounted = PySet_Contains(self->delete_for_length, tag);
    if (deleted < 0 || uncounted < 0) {
        Py_DECREF(tag);
        return NULL;
    }
    *flags = (deleted ? 0 : 1) | (uncounted ? 0 : 2);
    remember(self, slot, label, size, 1, hash, tag, *flags);
    return tag;
}

/* ---- one line ---------------------------------------------------------------------------- */

typedef struct {
    Py_ssize_t start;
    PyObject *key; /* strong reference */
} Open;

typedef struct {
    Open *items;
    Py_ssize_t size;
    Py_ssize_t capacity;
} Stack;

static void stack_clear(Stack *stack) {
    for (Py_ssize_t i = 0; i < stack->size; i++) {
        Py_DECREF(stack->items[i].key);
    }
    PyMem_Free(stack->items);
}

static int stack_push(Stack *stack, Py_ssize_t start, PyObject *key) {
    if (stack->size == stack->capacity) {
        Py_ssize_t capacity = stack->capacity ? stack->capacity * 2 : 64;
        Open *items = PyMem_Realloc(stack->items, (size_t)capacity * sizeof(Open));
        if (items == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        stack->items = items;
        stack->capacity = capacity;
    }
    Py_INCREF(key);
    stack->items[stack->size].start = start;
    stack->items[stack->size].key = key;
    stack->size++;
    return 0;
}

/* What a piece (the text after a "(" up to the next "(" or the end of the line) is, decided as
 * the Python reader's _piece() decides it. */
enum { PIECE_BAD, PIECE_PHRASE, PIECE_TERMINAL };

typedef struct {
    const unsigned char *label;
    Py_ssize_t label_size;
    const unsigned char *word;
    Py_ssize_t word_size;
    Py_ssize_t closing; /* brackets closed after the terminal */
} Piece;

static int parse_piece(const unsigned char *p, const unsigned char *end, Piece *piece) {
    for (const unsigned char *q = p; q < end; q++) {
        if (split_unsafe(*q)) {
            return PIECE_BAD;
        }
    }
    const unsigned char *q = p;
    if (q < end && c_space(*q)) {
        while (q < end && c_space(*q)) {
            q++;
        }
        if (q < end) {
            return PIECE_BAD; /* "(" followed by whitespace and a word */
        }
        piece->label = p;
        piece->label_size = 0; /* only whitespace: the empty label */
        return PIECE_PHRASE;
    }
    const unsigned char *label = q; /* the label: up to whitespace */
    while (q < end && !c_space(*q)) {
        if (*q == ')') {
            return PIECE_BAD;
        }
        q++;
    }
    piece->label = label;
    piece->label_size = q - label;
    if (piece->label_size > LONG_LABEL) {
        return PIECE_BAD;
    }
    while (q < end && c_space(*q)) {
        q++;
    }
    if (q == end) {
        return PIECE_PHRASE;
    }
    const unsigned char *word = q; /* a word and the ")" closing the terminal */
    while (q < end && !c_space(*q)) {
        q++;
    }
    const unsigned char *word_end = q;
    while (word_end > word && word_end[-1] == ')') {
        word_end--;
    }
    Py_ssize_t closing = (q - word_end) - 1;
    if (closing < 0) {
        return PIECE_BAD;
    }
    for (const unsigned char *r = word; r < word_end; r++) {
        if (*r == ')') {
            return PIECE_BAD;
        }
    }
    piece->word = word;
    piece->word_size = word_end - word;
    if (piece->word_size > LONG_WORD) {
        return PIECE_BAD;
    }
    for (; q < end; q++) { /* further parts: only ")" */
        if (*q == ')') {
            closing++;
        } else if (!c_space(*q)) {
            return PIECE_BAD;
        }
    }
    piece->closing = closing;
    return PIECE_TERMINAL;
}

static PyObject *span_of(Py_ssize_t start, Py_ssize_t end, PyObject *key) {
    PyObject *span = PyTuple_New(3);
    PyObject *first = PyLong_FromSsize_t(start), *last = PyLong_FromSsize_t(end);
    if (span == NULL || first == NULL || last == NULL) {
        Py_XDECREF(span);
        Py_XDECREF(first);
        Py_XDECREF(last);
        return NULL;
    }
    PyTuple_SET_ITEM(span, 0, first);
    PyTuple_SET_ITEM(span, 1, last);
    Py_INCREF(key);
    PyTuple_SET_ITEM(span, 2, key);
    return span;
}

static PyObject *Reader_read_spans(Reader *self, PyObject *line) {
    if (!PyUnicode_Check(line)) {
        PyErr_SetString(PyExc_TypeError, "read_spans() takes a str");
        return NULL;
    }
    if (!PyUnicode_IS_ASCII(line)) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    const unsigned char *text = PyUnicode_1BYTE_DATA(line);
    Py_ssize_t size = PyUnicode_GET_LENGTH(line);
    if (memchr(text, '\0', (size_t)size) != NULL) {
        Py_RETURN_NOTIMPLEMENTED;
    }
    const unsigned char *end = text + size;
    while (end > text && c_space(end[-1])) {
        end--;
    }
    const unsigned char *p = text;
    while (p < end && *p != '(') {
        if (!c_space(*p)) {
            Py_RETURN_NONE; /* text before the first "(" */
        }
        p++;
    }

    PyObject *words = PyList_New(0), *tags = PyList_New(0), *spans = PyList_New(0);
    Stack stack = {NULL, 0, 0};
    Py_ssize_t length = 0, wid = 0;
    int unread = 0; /* the Python reader returns None */
    if (words == NULL || tags == NULL || spans == NULL) {
        goto error;
    }
    while (p < end) { /* p is at a "(" */
        const unsigned char *start = p + 1;
        const unsigned char *next = memchr(start, '(', (size_t)(end - start));
        if (next == NULL) {
            next = end;
        }
        Piece piece;
        int kind = parse_piece(start, next, &piece);
        p = next;
        if (kind == PIECE_BAD) {
            unread = 1;
            break;
        }
        if (kind == PIECE_PHRASE) {
            PyObject *made = NULL;
            PyObject *key = phrase_key(self, piece.label, piece.label_size, &made);
            int failed = key == NULL || stack_push(&stack, wid, key) < 0;
            Py_XDECREF(made);
            if (failed) {
                goto error;
            }
            continue;
        }
        int flags;
        PyObject *tag = tag_of(self, piece.label, piece.label_size, &flags);
        if (tag == NULL) {
            goto error;
        }
        if (flags & 1) {
            PyObject *word = ascii_str(piece.word, piece.word_size);
            if (word == NULL || PyList_Append(words, word) < 0 || PyList_Append(tags, tag) < 0) {
                Py_XDECREF(word);
                Py_DECREF(tag);
                goto error;
            }
            Py_DECREF(word);
            wid++;
        }
        Py_DECREF(tag);
        if (flags & 2) {
            length++;
        }
        for (Py_ssize_t i = 0; i < piece.closing; i++) {
            if (stack.size == 0) {
                unread = 1; /* more ")" than open brackets */
                break;
            }
            Open open = stack.items[--stack.size];
            if (open.key != Py_None && open.start != wid) {
                PyObject *span = span_of(open.start, wid, open.key);
                if (span == NULL || PyList_Append(spans, span) < 0) {
                    Py_XDECREF(span);
                    Py_DECREF(open.key);
                    goto error;
                }
                Py_DECREF(span);
            }
            Py_DECREF(open.key);
        }
        if (unread) {
            break;
        }
    }
    stack_clear(&stack);
    if (unread || stack.size != 0) {
        Py_DECREF(words);
        Py_DECREF(tags);
        Py_DECREF(spans);
        Py_RETURN_NONE;
    }
    return Py_BuildValue("(NNnN)", words, tags, length, spans);

error:
    stack_clear(&stack);
    Py_XDECREF(words);
    Py_XDECREF(tags);
    Py_XDECREF(spans);
    return NULL;
}

/* ---- the type ---------------------------------------------------------------------------- */

static int Reader_init(Reader *self, PyObject *args, PyObject *kwargs) {
    PyObject *keys, *delete, *delete_for_length;
    static char *names[] = {"keys", "delete", "delete_for_length", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OO!O!:Reader", names, &keys, &PyFrozenSet_Type,
                                     &delete, &PyFrozenSet_Type, &delete_for_length)) {
        return -1;
    }
    if (self->slots != NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Reader is initialized once");
        return -1;
    }
    self->slots = PyMem_Calloc(2 * CACHE_SLOTS, sizeof(Slot));
    if (self->slots == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    Py_INCREF(keys);
    Py_INCREF(delete);
    Py_INCREF(delete_for_length);
    self->keys = keys;
    self->delete = delete;
    self->delete_for_length = delete_for_length;
    return 0;
}

static int Reader_traverse(Reader *self, visitproc visit, void *arg) {
    Py_VISIT(self->keys);
    Py_VISIT(self->delete);
    Py_VISIT(self->delete_for_length);
    if (self->slots != NULL) {
        for (Py_ssize_t i = 0; i < 2 * CACHE_SLOTS; i++) {
            Py_VISIT(self->slots[i].value);
        }
    }
    return 0;
}

static int Reader_clear(Reader *self) {
    Py_CLEAR(self->keys);
    Py_CLEAR(self->delete);
    Py_CLEAR(self->delete_for_length);
    if (self->slots != NULL) {
        for (Py_ssize_t i = 0; i < 2 * CACHE_SLOTS; i++) {
            Py_CLEAR(self->slots[i].value);
        }
        PyMem_Free(self->slots);
        self->slots = NULL;
    }
    return 0;
}

static void Reader_dealloc(Reader *self) {
    PyObject_GC_UnTrack(self);
    Reader_clear(self);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static PyObject *Reader_read_spans_checked(Reader *self, PyObject *line) {
    if (self->slots == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "Reader is not initialized");
        return NULL;
    }
    return Reader_read_spans(self, line);
}

static PyMethodDef Reader_methods[] = {
    {"read_spans", (PyCFunction)Reader_read_spans_checked, METH_O,
     "read_spans(line): one tree line as jp_evalb.trees._read_spans reads it: (words, tags, "
     "length, spans), None, or NotImplemented for a line left to the Python reader."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject ReaderType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "jp_evalb._fastread.Reader",
    .tp_doc = "Reader(keys, delete, delete_for_length): reads the tree lines of one run.",
    .tp_basicsize = sizeof(Reader),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Reader_init,
    .tp_dealloc = (destructor)Reader_dealloc,
    .tp_traverse = (traverseproc)Reader_traverse,
    .tp_clear = (inquiry)Reader_clear,
    .tp_methods = Reader_methods,
};

/* crossing(gold, test): how many test brackets a gold bracket crosses -- gs < ts < ge < te
 * or ts < gs < te < ge for some gold (gs, ge) --, as jp_evalb.brackets.crossing_python
 * counts them: the same pairwise test, without Python's cost per comparison. ``gold`` a
 * sequence and ``test`` an iterable of brackets whose first two items are the span (ints);
 * NotImplemented for anything else (the caller counts in Python then). */
static int span_of_bracket(PyObject *bracket, Py_ssize_t *start, Py_ssize_t *end) {
    if (!PyTuple_Check(bracket) || PyTuple_GET_SIZE(bracket) < 2) {
        return 0;
    }
    PyObject *a = PyTuple_GET_ITEM(bracket, 0), *b = PyTuple_GET_ITEM(bracket, 1);
    if (!PyLong_CheckExact(a) || !PyLong_CheckExact(b)) {
        return 0;
    }
    *start = PyLong_AsSsize_t(a);
    *end = PyLong_AsSsize_t(b);
    if ((*start == -1 || *end == -1) && PyErr_Occurred()) {
        PyErr_Clear();  /* (beyond Py_ssize_t: left to Python) */
        return 0;
    }
    return 1;
}

static PyObject *crossing(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "crossing(gold, test) takes 2 arguments");
        return NULL;
    }
    PyObject *gold = PySequence_Fast(args[0], "crossing: gold must be a sequence");
    if (gold == NULL) {
        return NULL;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(gold);
    PyObject **items = PySequence_Fast_ITEMS(gold);
    Py_ssize_t *spans = PyMem_Malloc(sizeof(Py_ssize_t) * 2 * (count ? count : 1));
    if (spans == NULL) {
        Py_DECREF(gold);
        return PyErr_NoMemory();
    }
    PyObject *result = NULL, *iterator = NULL, *bracket = NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        if (!span_of_bracket(items[i], &spans[2 * i], &spans[2 * i + 1])) {
            Py_INCREF(Py_NotImplemented);
            result = Py_NotImplemented;
            goto done;
        }
    }
    iterator = PyObject_GetIter(args[1]);
    if (iterator == NULL) {
        goto done;
    }
    Py_ssize_t crossed = 0, ts, te;
    while ((bracket = PyIter_Next(iterator)) != NULL) {
        int ok = span_of_bracket(bracket, &ts, &te);
        Py_DECREF(bracket);
        if (!ok) {
            Py_INCREF(Py_NotImplemented);
            result = Py_NotImplemented;
            goto done;
        }
        for (Py_ssize_t i = 0; i < count; i++) {
            Py_ssize_t gs = spans[2 * i], ge = spans[2 * i + 1];
            if ((gs < ts && ts < ge && ge < te) || (ts < gs && gs < te && te < ge)) {
                crossed++;
                break;
            }
        }
    }
    if (!PyErr_Occurred()) {
        result = PyLong_FromSsize_t(crossed);
    }
done:
    Py_XDECREF(iterator);
    PyMem_Free(spans);
    Py_DECREF(gold);
    return result;
}

static PyMethodDef module_functions[] = {
    {"crossing", (PyCFunction)(void (*)(void))crossing, METH_FASTCALL,
     "crossing(gold, test): how many test brackets a gold bracket crosses (the pairwise count of "
     "jp_evalb.brackets.crossing_python), or NotImplemented for brackets that are not "
     "(int, int, ...) tuples."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "jp_evalb._fastread",
    "Optional accelerator of jp_evalb's fast tree reader (see jp_evalb.trees) and of its "
    "count of crossing brackets (jp_evalb.brackets).", -1, module_functions,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__fastread(void) {
    if (PyType_Ready(&ReaderType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&ReaderType);
    if (PyModule_AddObject(m, "Reader", (PyObject *)&ReaderType) < 0) {
        Py_DECREF(&ReaderType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
