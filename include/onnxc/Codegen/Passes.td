//===- Passes.td - linalg-and-below code generation passes -*- tablegen -*-===//
//
// Everything between linalg on tensors and the LLVM dialect that onnxc adds
// to upstream MLIR: fusion, destination-passing results, SIMD tiles, memory
// planning, gather specialization.
//
//===----------------------------------------------------------------------===//

#ifndef ONNXC_CODEGEN_PASSES_TD
#define ONNXC_CODEGEN_PASSES_TD

include "mlir/Pass/PassBase.td"

def ONNXChooseSchedulesPass
    : Pass<"onnx-choose-schedules", "::mlir::func::FuncOp"> {
  let summary = "Choose, where a lowering has a choice of kernels, the one "
                "it builds";
  let description = [{
    Runs on the onnx dialect just before `convert-onnx-to-linalg` and writes
    each choice as an attribute of the onnxc dialect that the lowering
    reads, so that choices follow from facts about the graph in one place
    rather than in each lowering. It sets, or removes where it does not
    hold:

    - `onnxc.row_groups` on a Resize (Resize-10 or the latest) whose
      result is only returned by its function: a graph output, which
      onnx-results-to-destinations writes straight into the caller's
      buffer. Its kernel may then compute rows in groups that share input
      rows, each row a region of the result. A result used inside the
      graph stays one kernel, which onnx-fuse can merge with its
      consumers, and whose regions would otherwise be copied.
  }];
  let dependentDialects = ["::onnxc::codegen::CodegenDialect"];
}

def ONNXFusePass : Pass<"onnx-fuse", "::mlir::func::FuncOp"> {
  let summary = "Fuse the linalg form of Clip and Upsample graphs into as few "
                "loop nests as the cost rule allows";
  let description = [{
    Runs on linalg on tensors, after `convert-onnx-to-linalg`. A producer is
    *recomputed* in its consumers instead of being stored whenever that
    costs no more memory traffic than storing and reloading it:

    - A *remapping* producer (all-parallel `linalg.generic` that reads one
      element of tensor data per element it writes: Clip, nearest Upsample,
      and their fusions; not the tables of run-time scales, which read no
      tensor and would repeat a division per element) is recomputed in
      every consumer, however many,
      unless it is a graph output (stored anyway, so read back): as
      an operand of an elementwise or broadcast consumer (upstream
      elementwise fusion, with reshapes propagated by expansion), at each tap
      a gathering consumer reads (`tensor.extract` of the producer becomes
      the producer's payload at that index; through a collapse of a
      pointwise producer, its inputs are collapsed alike and read at the
      same indices), and on the slices a stencil
      consumer reads (`tensor.extract_slice` of the producer becomes the
      producer computed on that slice).
    - An *interpolating* producer (its payload weighs what it reads:
      multiplies in floating point, or integers with several taps: linear
      Upsample, a Resize pass in fixed point) is
      fused only into a single pointwise consumer, which it then applies
      to each element it writes (also across the regions of a linear
      Upsample assembled with `tensor.insert_slice`, and through the
      expansion of a gather that moves whole pixels: the consumer is
      collapsed to the gather's dimensions). Read by a gathering,
      stencil or broadcast consumer, or by several consumers, it stays a
      tensor of its own, since recomputing it would repeat 2^k reads and
      multiplies per tap.

    Chains of single-use Clips are fused in one step first, each payload
    cloned once, so that compile time stays linear in the chain's length.
    Each payload is cloned as it is, so the fused loop nest computes exactly
    what the nodes compute one by one, roundings to narrow types included.
    Finally, a purely elementwise loop nest (identity maps only, at most one
    dynamic dimension) is collapsed to one dimension, giving the vectorizer
    one long contiguous loop.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::linalg::LinalgDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ONNXResultsToDestinationsPass
    : Pass<"onnx-results-to-destinations", "::mlir::ModuleOp"> {
  let summary = "Make public functions write their tensor results into "
                "caller-provided buffers";
  let description = [{
    Gives every public function one `memref` argument per tensor result,
    appended after its inputs, and writes each result there with
    `bufferization.materialize_in_destination ... restrict writable`; tensor
    results are dropped from the signature, other results stay. Together
    with `eliminate-empty-tensors` and one-shot bufferization, the kernel
    then computes straight into the caller's buffers: no allocation and no
    copy of the outputs on the hot path.

    A value inserted into a region of a tensor (a Concat's input) that is
    computed into a `tensor.empty` of its own through destination-style ops
    and reshapes (a Resize's kernel) is computed into that region instead:
    the empty tensor becomes the slice of the insertion's destination,
    reshaped the same way, and the ops computing the value move after the
    destination's definition. Upstream `eliminate-empty-tensors` does this
    without reshapes only.

    The functions get `llvm.emit_c_interface` so that the runtime can call
    them with memref descriptors.
  }];
  let dependentDialects = [
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::LLVM::LLVMDialect",
  ];
}

def ONNXFuseRowsPass : Pass<"onnx-fuse-rows", "::mlir::func::FuncOp"> {
  let summary = "Compute a producer's rows inside the row loop of the "
                "generic that gathers from them along the last axis";
  let description = [{
    Where every read of an all-parallel `linalg.generic`'s result (or of
    its only use, a `tensor.collapse_shape` that merges trailing dimensions
    into the last: whole pixels) is a
    `tensor.extract` in the payload of one other all-parallel generic of the
    same rank (2 or more), at that generic's own iteration in every
    dimension but the last (index d is `linalg.index d`, or 0 where the
    consumer's dimension d has size 1), the consumer is tiled into rows
    (`scf.for` loops over all but its last dimension, marked
    `onnxc.parallel`) and each row first computes the one row of the
    producer it reads, through the producer's tiling interface, into a
    `bufferization.alloc_tensor` of its own (an allocation: unlike a
    `tensor.empty`, no CSE merges it with an alike one outside the loop,
    which would make the rows share one buffer). The reads then index that
    row. The
    intermediate tensor becomes a buffer of one row, which stays in the
    cache: the passes of a separable resampling (a Resize's gather along
    the rows, then along the columns) read their input once and write only
    the result.

    Both generics write through an identity map an init they do not read.
    The producer's row has a static length of at most
    `kMaxIterationBufferBytes` (onnx-stack-buffers puts it on the stack).
    Generics with a dimension of size 0, and consumers whose dimensions but
    the last all have size 1, are left alone.
  }];
  let dependentDialects = [
    "::onnxc::codegen::CodegenDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::bufferization::BufferizationDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

def ONNXTileAndVectorizePass
    : Pass<"onnx-tile-and-vectorize", "::mlir::func::FuncOp"> {
  let summary = "Tile linalg.generic ops on tensors to SIMD-wide tiles and "
                "vectorize them";
  let description = [{
    Tiles each `linalg.generic` on tensors so that its innermost tiled loop
    covers one SIMD register (`vector-bits` / element width lanes, fewer
    where the payload computes in an element more than twice as wide, so
    that each computed value spans at most two registers: an int8 result of
    f64 sums; a small static innermost dimension, such as the repeat
    dimension of a nearest upsample, is kept whole; a generic that already
    has `onnxc.tile_sizes` is tiled by them), peels the partial last
    tile, and vectorizes the
    tiles with `linalg::vectorize`: full tiles without masks, the partial one
    with masks. Gathers become `vector.gather`. A generic with a dimension
    of size 0 computes nothing and is replaced by its inits. Before a tile
    is vectorized, indices that can only be 0 (a `linalg.index` of a loop of
    size 1, an index into a dimension of size 1) become the constant 0, and
    the payload's ops that do not depend on the iteration (a lookup of the
    tile's row) move before it: a tile runs at least once, and hoisted they
    stay scalars, which the upstream vectorizer would otherwise turn into
    vectors it then reads as one scalar. A read that broadcasts a
    lower-rank tensor gets its mask without the nest's unit dimensions.
  }];
  let options = [
    Option<"vectorBits", "vector-bits", "unsigned", /*default=*/"512",
           "Width in bits of the target's SIMD registers">,
  ];
  let dependentDialects = [
    "::onnxc::codegen::CodegenDialect",
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::tensor::TensorDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXFoldTileSlicesPass
    : Pass<"onnx-fold-tile-slices", "::mlir::func::FuncOp"> {
  let summary = "Write tiles that no later pass follows through their "
                "slice straight into the tensor";
  let description = [{
    Rewrites `tensor.insert_slice` of an in-bounds `vector.transfer_write`
    into a `tensor.extract_slice` of the same tensor, at the same offsets
    and sizes with unit strides, into one `vector.transfer_write` into that
    tensor at the slice's offsets plus the write's indices, with the same
    mask. The write stays inside the slice, so the same elements are
    written.

    It folds masked writes (the partial tiles onnx-tile-and-vectorize peels
    off loops of run-time length), writes into 1-D tensors (the tables of
    run-time scales), and writes into tensors that start as a
    `tensor.empty` (intermediates, such as a separable kernel's passes,
    followed back through loops and earlier writes). One-shot
    bufferization would prove each pair equivalent with Presburger queries
    over the chain of dimension arithmetic behind its offsets and sizes,
    whose cost grows with the model's rank and length; the folded write
    needs no proof. Full tiles of multi-dimensional function results keep
    their slices, whose views onnx-streaming-stores follows.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXFlattenVectorsPass
    : Pass<"onnx-flatten-vectors", "::mlir::func::FuncOp"> {
  let summary = "Turn the n-D vectors of vectorized tiles into 1-D ones";
  let description = [{
    After bufferization, vectorized tiles read, compute and write n-D vectors
    with unit dimensions and, for upsampled outputs, a small repeat dimension
    (`vector<1x1x16x2xf32>`). The LLVM dialect holds an n-D vector as an
    array of 1-D ones, so such code becomes one 2-wide operation per row and
    its transfers go through stack temporaries. This pass lowers broadcasting
    permutation maps to plain reads plus broadcasts, drops unit dimensions,
    flattens transfers of contiguous memory into 1-D ones (`vector<32xf32>`)
    and linearizes the elementwise ops in between; the remaining broadcasts
    and transposes lower to shuffles.

    A value read once per element and repeated along the repeat dimension
    (a broadcast and transpose, `vector<16xf32>` to `vector<16x2xf32>`)
    stays narrow: elementwise ops whose operands are such repeats or
    uniform values compute on the narrow vectors, an unmasked gather through
    repeated indices gathers each index once, and a select between two
    repeats whose condition is periodic in the repeat (the phase of an
    upsampled axis) becomes one shuffle of them, an interleave for a repeat
    of 2. A chain of such selects among more repeats (the phases of a x4
    axis, selected in turn) becomes a tree of interleaves: neighbouring
    phases pairwise, each pair seen as lanes twice as wide, up to 64 bits.
    On little-endian targets, an interleave of two vectors narrowed to
    half their width packs the wide lanes instead (mask, shift, or and a
    bitcast): no narrowing or byte shuffles.
  }];
  let dependentDialects = [
    "::mlir::memref::MemRefDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXSpecializeGathersPass
    : Pass<"onnx-specialize-gathers", "::mlir::func::FuncOp"> {
  let summary = "Turn gathers through constant index tables into loads and "
                "shuffles";
  let description = [{
    Runs on bufferized vector code after `onnx-flatten-vectors`. A
    `vector.gather` reads its lanes at `base[offsets..., last + lane]`; the
    Upsample lowering's lanes are index-table entries plus a row offset.
    A longer such row (an `scf.for` over tiles whose body gathers with lanes
    read from rank-1 constant `memref.global` tables at the induction
    variable and holds no loop) is split where its tables repeat: a head and
    a tail of at most 16 tiles in all, unrolled, and a loop over periods of
    1 to 8 tiles over which every table repeats (float tables exactly,
    integer tables up to a constant step per period). In that loop each
    tile reads its tables at the first period's position, plus the step
    times the periods before. Then this pass unrolls `scf.for` loops over
    rows of at most 512 elements (2 to 128 iterations) whose body gathers
    with lanes read from a constant `memref.global` at the induction
    variable and holds no loop (a loop over rows holding the loop over a
    row's tiles stays, else every row's tiles would be copied); then loops of 2 to 4 iterations that read a
    constant `memref.global` of any rank at the induction variable and
    hold no loop (the phases of an integer-factor axis, once their rows
    are unrolled; a x3 axis's table has a row per input row), interleaving
    the phases' copies (each phase's ops up to a write, in turn) when the
    loop is `onnxc.parallel` and reads no buffer it writes. It folds reads
    of a rank-1 constant table at constant positions into constant
    vectors, and an in-bounds read of a view of a constant global whose
    elements in reach are all equal (a phase's weight, the same in every
    row) into that value.
    A `vector.load` or `vector.maskedload` at constant indices of a buffer
    from `memref.alloc` or `memref.alloca` (a row buffer, read back by the
    unrolled row that stored it) whose read lanes the last store to it in
    the block wrote, with nothing between that may write it, becomes a
    `vector.shuffle` of the stored vector (masked-off lanes from the
    pass-through): a load wider than the store, or starting elsewhere,
    would wait for the store to reach the cache.
    After those rewrites, identical vector loads of a function argument
    the function never writes share the first one in their block (after a
    CSE of their indices): the phases of a row pair read the same input
    vectors. Like
    the rest of the pipeline, this takes distinct arguments to be distinct
    buffers. It moves the uniform part of a gather's lanes into its last base
    offset (what is left is often a sign-extended i32 vector: 32-bit gather
    indices). A gather with an all-true mask, constant lanes spanning at
    most as many elements as it has lanes, and a memref base with a
    contiguous innermost dimension becomes a `vector.load` of the span and a
    `vector.shuffle`. A span shorter than the vector is read by a
    `vector.maskedload` of it, unless a whole vector holding it is known to
    fit in the row the gather reads (rows end to end, the offset a multiple
    of the row length, plus possibly a loop's induction variable or an
    affine map of one whose values over the loop keep the span in the row,
    span and vector no longer than the row): then that vector is loaded. It is the window at a multiple of the vector's length
    from the row's start when one holds the span, otherwise the vector from
    the span's start or back from the row's end. On x86 a masked load also
    takes a vector ALU slot; an aligned window is aligned whenever the row
    is (a vector from an unaligned span start straddles two cache lines),
    and the two taps of a linear Upsample's tile share it.
    A shuffle that permutes one vector into as many lanes then sinks below
    the integer widening and the `arith.muli` by a broadcast that follow it,
    and two shuffles of one mask below the `arith.addi` of their results:
    an integer kernel blends the rows of a column once and shuffles the
    blend for each of the column's taps, rather than shuffling every row.
  }];
  let dependentDialects = [
    "::mlir::affine::AffineDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXStreamingStoresPass
    : Pass<"onnx-streaming-stores", "::mlir::ModuleOp"> {
  let summary = "Write large outputs with non-temporal (streaming) stores";
  let description = [{
    An output larger than the last-level cache gains nothing from passing
    through it: streaming stores write it to memory directly and skip
    reading each destination line first. They need aligned full-vector
    stores, and they slow runs whose data fit in the cache, so the pass
    versions the loops that write outputs:

    - a candidate is a `vector.transfer_write` of a whole 1-D vector (in
      bounds, no mask, elements of a power of two bytes, the vector a power
      of two bytes from 16 or whole 64-byte lines) into a contiguous 1-D
      view of a function argument (through subviews with static strides,
      collapses and expansions) whose start is always a multiple of the
      vector's size, up to a 64-byte cache line, from the argument's first
      element, as constants and `scf.for` induction variables with such
      bounds and steps show: every store is then
      aligned to that size when the argument's first element is (a longer
      vector is stored as aligned pieces of at most a line);
    - each top-level op of a function that holds candidates runs in an
      `scf.if`: when every written argument starts at an address aligned to
      that size and each thread's share of the bytes of the function's
      memref arguments of integer or float elements (their whole sizes: what
      the run reads and writes) is at least `threshold-bytes`, a copy whose
      candidates are `vector.store {nontemporal = true, alignment = <vector
      bytes, at most 64>}`, followed by a sequentially consistent fence
      (streaming stores are weakly ordered); otherwise the op as it was;
    - a flat loop (a flattened elementwise op) whose every iteration writes
      one vector into one argument, or a reshape of it, at its induction
      variable, reads nothing of that argument, has no other effect and
      uses the induction variable only as the position of its reads and
      writes, also streams into an output that is not aligned to the
      vector (as `malloc` and numpy return large blocks) when the run moves
      enough bytes, its elements are aligned and the loop covers whole
      vectors: its first iteration with ordinary stores, a copy of the loop
      shifted to start at the output's first element aligned to the vector
      (up to a line) with streaming stores, its last iteration with
      ordinary stores, and a fence. The ends overlap the copy and write the
      same values, computed from the same inputs.

    With `page-streams` = N > 1, in the streaming copy, a top-level
    `onnxc.parallel` loop over single vectors (a flattened elementwise op)
    runs over chunks of N 4 KiB pages, one vector of each page in turn,
    then its remainder. Whether N streams of reads and writes beat one
    depends on the CPU's prefetchers: `onnx-compile` picks N for its
    target (4 on Intel cores, 1 elsewhere).

    The bytes are split over `__onnxc_num_threads()`, a function of the
    model support library returning the threads the run may use (at least
    one is assumed), when a versioned op is or holds an `onnxc.parallel`
    loop; otherwise one thread moves them all. The pass declares that
    function, and fails when the module holds something else by its name.

    A function whose memref arguments have static sizes and hold less than
    the threshold is left alone. `threshold-bytes` = -1 disables the
    pass; 0 uses streaming stores whenever the alignment allows, whatever
    the size and the threads.
  }];
  let options = [
    Option<"thresholdBytes", "threshold-bytes", "int64_t", /*default=*/"-1",
           "Bytes read and written per thread from which stores stream; "
           "-1 never">,
    Option<"pageStreams", "page-streams", "int64_t", /*default=*/"1",
           "Pages a flattened elementwise loop streams at once, 1 to 64">,
  ];
  let dependentDialects = [
    "::onnxc::codegen::CodegenDialect",
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
    "::mlir::vector::VectorDialect",
  ];
}

def ONNXOrderGlobalsPass : Pass<"onnx-order-globals", "::mlir::ModuleOp"> {
  let summary = "Name and order constant globals by their first use";
  let description = [{
    One-shot bufferization turns constants into `memref.global`s in the
    order it visits functions, which follows pointer hashing: two compiles
    of one model could name and place them differently, and the emitted
    LLVM IR differed. This pass makes them depend on the module alone: the
    private constant globals move to the top of the module in the order of
    their first `memref.get_global` in the module's walk order (unused ones
    last, in their order), and each is renamed `__constant_<type>` with a
    suffix `_<n>` counting the earlier globals of that name.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ONNXPlanMemoryPass : Pass<"onnx-plan-memory", "::mlir::ModuleOp"> {
  let summary = "Place the buffers each function allocates into one "
                "workspace, sharing bytes between buffers whose lifetimes do "
                "not overlap";
  let description = [{
    Runs after bufferization and the buffer deallocation pipeline. Every
    `memref.alloc` with an identity layout in a function's entry block whose
    buffer is freed by a `memref.dealloc` in that block is *planned*: its
    lifetime runs from the allocation to the last op using it or a view of
    it. Planned buffers get byte offsets (64-byte aligned) in one workspace
    such that buffers live at the same time never overlap:

    - static sizes first, largest first, each at the lowest offset that
      fits, so the static part of the plan is fixed at compile time;
    - dynamic sizes above those, in program order, each just above the
      buffers placed before it that are live at the same time. Their sizes
      and offsets are computed at the top of the function, so a dynamic
      size is planned only when it depends on nothing but the arguments'
      dimensions, loads from arguments the function never writes, and pure
      arithmetic.

    The function then allocates the workspace once, views each buffer into
    it (`memref.view`), and frees it at its end. A buffer of one loop
    iteration (see onnx-stack-buffers) is not planned: every thread running
    the loop needs its own, which one workspace slot is not; it does not
    count as unplanned either.

    The function gets `onnx.workspace_bytes`: the workspace's size when
    every allocation was planned and all of them are static, else -1.
    When every allocation was planned and the function has a shape function
    (`onnx.shape_function`), that shape function writes the workspace's
    size, recomputed from the inputs and the output dimensions, into the
    last entry of its dims buffer once its checks pass; the entry keeps the
    -1 it starts with otherwise.

    With the model support library, `memref.alloc` is served from a
    per-thread workspace reused across runs, so a planned function makes a
    single allocation per run, and no heap allocation at all once it has
    run on the thread with inputs needing as large a workspace.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ONNXFuseSiblingLoopsPass
    : Pass<"onnx-fuse-sibling-loops", "::mlir::func::FuncOp"> {
  let summary = "Fuse parallel loop nests that follow each other over the "
                "same iterations";
  let description = [{
    Two `onnxc.parallel` loops at the top of a function, with only pure ops
    (views, constants) between them and the same bounds, become one: the
    pure ops move above it, and each iteration runs the first body and then
    the second. Where both bodies are each one parallel loop with the same
    bounds, those fuse too, as deep as the two nests agree. A linear
    Upsample's interior and its slabs of last input rows, all over the same
    planes, so write each plane's last rows while its input is still in the
    cache.

    The nests fuse only when the result cannot differ: every effect of both
    is known, every memref they access comes from a function argument, an
    allocation, a global or views of those, neither allocates (but on the
    stack), neither reads a buffer either writes, and where both write one
    buffer, each writes inside a static subview of it made outside the nest
    (through subviews, reshapes, casts and transposes only), and the
    subviews of the two are disjoint. Buffers of one workspace
    (`memref.view`s) count as one buffer here: onnx-plan-memory lets buffers
    of different nests share bytes.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
}

def ONNXJamParallelLoopsPass
    : Pass<"onnx-jam-parallel-loops", "::mlir::func::FuncOp"> {
  let summary = "Unroll-and-jam parallel loops whose inner loop recomputes "
                "values that do not depend on them, or downsamples";
  let description = [{
    A linear Upsample whose row weights are not periodic (a scale of 1.5,
    say) loads each row's weights and multiplies them by the column weights
    in the row loop, again for every plane. When an `onnxc.parallel` loop's
    body is pure ops and then one `scf.for` with bounds from above it and
    a body without regions, and that body has vector arithmetic that does
    not depend on the parallel loop (its operands come from above the
    parallel loop, the inner induction variable, pure ops, or reads of
    constant globals), or the largest buffer the nest reads (constants
    aside) is larger than the largest it writes (a downsampling, which
    waits on memory: jammed, it has more planes' cache misses outstanding
    at once),
    the parallel loop is unroll-and-jammed by at most `factor`: no more
    than its static trip count, and small enough that the jammed body keeps
    at most `max-jammed-vector-ops` vector ops and, for a downsampling
    alone, at most 8 reads of constant tables that vary with the parallel
    loop (each starts a stream of loads: the rows of a row loop's taps).
    Inner loops of at most 4
    iterations (LLVM unrolls them and hoists their invariant values
    itself), inner loops with an unsigned comparison, and other bodies
    whose invariant vector ops include no arithmetic (but casts and
    constants) are left alone. Jamming:

    - a loop over chunks of that many iterations, still `onnxc.parallel`,
      copies the pure ops once per iteration of the chunk, then runs one
      inner loop whose body takes each group of the original body's ops
      that ends with a write, in order, once for every iteration of the
      chunk; the invariant ops are emitted once, with the first copy;
    - the original loop runs the iterations that remain, unless the trip
      count is a static multiple of the factor chosen.

    Each iteration's own ops keep their order. Iterations of a parallel
    loop write disjoint data; a nest that reads a buffer it writes, or has
    an effect the pass cannot name, is left alone, so interleaving them
    cannot change what any of them reads.
  }];
  let options = [
    Option<"factor", "factor", "int64_t", /*default=*/"4",
           "Most iterations of the parallel loop one inner loop serves">,
    Option<"maxJammedVectorOps", "max-jammed-vector-ops", "int64_t",
           /*default=*/"1536",
           "Most vector ops a jammed inner body may have (beyond that it "
           "no longer fits the decoded-instruction cache)">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ONNXPrefetchRowsPass
    : Pass<"onnx-prefetch-rows", "::mlir::func::FuncOp"> {
  let summary = "Prefetch the rows a downsampling kernel gathers ahead of "
                "its row loop";
  let description = [{
    A downsampling reads several input rows per output row, chosen through
    index tables, and interleaves them in short runs (a row of a
    [256, 256] float plane is 1 KiB). Hardware prefetchers follow one
    sequential stream well but fall behind such interleaved ones, and the
    kernel then waits on memory at a fraction of the bandwidth a plain read
    gets.

    In an `onnxc.parallel` loop nest that reads more than it writes (the
    largest buffer read, constant globals aside, is larger than the largest
    written, as onnx-jam-parallel-loops decides), each `vector.load` of a
    buffer other than a constant global is given a `memref.prefetch`
    (read, locality 2: the second-level cache) of the address the same
    load reads `distance` iterations later of its *row loop*: the
    innermost enclosing `scf.for` whose induction variable a table read
    (an op that only reads memory, such as `memref.load` or a 0-d
    `vector.transfer_read`) on the load's address depends on. The address
    is computed by copies of the ops it depends on inside the row loop,
    with the induction variable `distance` steps ahead, or the current one
    where that would leave the loop: every copied table read is one an
    iteration makes, inside its table. Loads whose address depends on no
    table read, or on ops other than pure, region-free ones and table
    reads, are left alone, as are nests that read a buffer they write. A
    prefetch never faults and changes no data.
  }];
  let options = [
    Option<"distance", "distance", "int64_t", /*default=*/"4",
           "Iterations of the row loop that a prefetch runs ahead">,
  ];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::memref::MemRefDialect",
  ];
}

def ONNXStackBuffersPass : Pass<"onnx-stack-buffers", "::mlir::func::FuncOp"> {
  let summary = "Give the buffers of one loop iteration a place in the "
                "stack frame";
  let description = [{
    Runs after onnx-parallelize-loops. A `memref.alloc` in the body of an
    `scf.for`, freed by its only `memref.dealloc` in the same block, with a
    static identity-layout shape of at most kMaxIterationBufferBytes
    (include/onnxc/Codegen/IterationBuffers.h), belongs to one
    iteration (the row onnx-fuse-rows computes for each row of its
    consumer): no iteration reads what another wrote in it. It becomes a
    `memref.alloca` at the start of the function, and its dealloc goes.
    The iterations a function runs then share one buffer; those of a task
    function are one thread's, so every thread has its own. No iteration
    calls an allocator, and the stack does not grow with the iterations.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def ONNXParallelizeLoopsPass
    : Pass<"onnx-parallelize-loops", "::mlir::ModuleOp"> {
  let summary = "Run the kernels' parallel loop nests on the runtime's threads";
  let description = [{
    Each outermost `scf.for` that onnx-tile-and-vectorize marked
    `onnxc.parallel` (its iterations write disjoint parts of the output) is
    replaced by a call to the model support library:

    ```
    __onnxc_parallel_for(task, context, iterations, bytes_per_iteration,
                         in_order)
    ```

    - `task` is a new private function `@<kernel>_parallel_<k>(context,
      begin, end)` that runs iterations `begin` to `end` of the nest: the
      loop, and the parallel loops nested in it with invariant bounds, each
      after pure ops only (which the task recomputes), until the band has
      256 iterations (their indices are recovered by division), stopping
      above a loop whose iterations write less than 256 bytes (an innermost
      loop over single vectors).
    - Pure ops the nest uses from above are copied into the task when they
      compute views, or scalars from constants alone (which then fold);
      other values (the kernel's arguments, loaded values, scalars computed
      from run-time values such as dimensions) are stored in a struct on
      the kernel's stack that `context` points to, so that no task
      recomputes the dimensions of the nodes before it.
    - A task that makes streaming stores ends with a fence, so that they are
      complete on the thread that made them.
    - A task whose ops, attributes and types are those of an earlier task of
      the module (alike nodes of a chain on symbolic dimensions, whose
      buffers and sizes all travel in the context) is not kept: its nest
      runs the earlier task, so that LLVM compiles one function.
    - `bytes_per_iteration` estimates what one iteration writes, for the
      runtime to keep small loops on the calling thread and to choose the
      direction of a sweep. A nested loop whose trip count is unknown at
      compile time is counted before the call when it has a constant step
      and its bounds can be computed there (by copies of the pure,
      speculatable ops that compute them); otherwise, when they depend on
      the indices of enclosing loops or on a division a guard protects, it
      counts once. Stores under conditions all count. A count computed at
      run time is at least 1 (0 means unknown).
    - `in_order` (i32) is 1 for a task that makes streaming stores: the
      runtime then never runs its ranges backward, which would fence more
      often and leave nothing more in the cache.

    A module that already holds a symbol `__onnxc_parallel_for` of another
    kind or type is an error.

    A nest is left alone when it allocates or frees anything but stack
    memory and the buffers of one of its iterations (onnx-stack-buffers),
    has an op of unknown memory effects, accesses a memref that is not a
    function argument, an allocation, a global or a view of those, reads a
    buffer it writes (an in-place update could read what another iteration
    writes; the buffers of one iteration aside), or uses a value from above that cannot be stored in
    the context (it must be a memref, an index, an integer or a float). Each
    loop's trip count is clamped at 0, so that empty loops of a band never
    multiply into iterations.
  }];
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::func::FuncDialect",
    "::mlir::LLVM::LLVMDialect",
    "::mlir::scf::SCFDialect",
  ];
}

def ONNXMoveBF16AsIntegersPass
    : Pass<"onnx-move-bf16-as-integers", "::mlir::ModuleOp"> {
  let summary = "Move bfloat16 vector lanes as 16-bit integers";
  let description = [{
    Runs on the LLVM dialect. Each `llvm.shufflevector`,
    `llvm.intr.masked.gather`, `llvm.intr.masked.load` and
    `llvm.intr.masked.store` of bfloat16 lanes becomes the same operation on
    i16 lanes between bitcasts: these only move bits. LLVM's x86 back end,
    on CPUs with AVX512-BF16 (Zen 4, Sapphire Rapids), cannot select a
    shuffle of bfloat16 vectors of some widths (the 17-lane tail of a
    nearest gather: "Do not know how to soft promote this operator's
    operand"); on CPUs without it (AVX2) it widens a gather's lanes to float
    and narrows them back through compiler-rt's `__truncsfbf2`, which a
    model does not link. Every width of i16 works on both.
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

def ONNXExpandShapesAsCastsPass
    : Pass<"onnx-expand-shapes-as-casts", "::mlir::func::FuncOp"> {
  let summary = "Rewrite expand_shapes with several dynamic sizes in a group "
                "as reinterpret_casts";
  let description = [{
    Runs on buffers, before `expand-strided-metadata`. A `memref.expand_shape`
    that splits one dimension into several of dynamic size (a resampling
    pass viewing a rank-16 tensor with symbolic dimensions as three axes)
    becomes a `memref.reinterpret_cast` of its source's base buffer, at the
    source's offset, with the sizes of its `output_shape` and the strides
    they imply within each group. MLIR 22's `expand-strided-metadata`
    handles at most one dynamic size per group and crashes on more
    (llvm-project issue 186830, fixed in MLIR 23); it handles the cast.
    Other expand_shapes are left as they are.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::memref::MemRefDialect"];
}

#endif // ONNXC_CODEGEN_PASSES_TD
