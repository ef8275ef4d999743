// RUN: onnx-opt %s -pass-pipeline='builtin.module(func.func(onnx-specialize-gathers))' -split-input-file | FileCheck %s

// A row of three tiles gathering through a constant table: the loop is
// unrolled, each tile's lanes fold to constants, and each gather becomes a
// load of the span of its lanes and a shuffle: a whole vector, from the
// span's start or, for the last tile, back from the end of X.
// CHECK-LABEL: func @row_of_constant_gathers
// CHECK-SAME:    (%[[X:.*]]: memref<32xf32>, %[[Y:.*]]: memref<48xf32>)
// CHECK-NOT:     scf.for
// CHECK-NOT:     vector.gather
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[C0]]] : memref<32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[A]], %[[A]] [0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10]
// CHECK:         %[[B:.*]] = vector.load %[[X]][%[[C10]]] : memref<32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[B]], %[[B]] [0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10]
// CHECK:         %[[C:.*]] = vector.load %[[X]][%[[C16]]] : memref<32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[C]], %[[C]] [5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15]
// CHECK-NOT:     vector.gather
memref.global "private" constant @table : memref<48xi32> = dense<[0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16, 16, 17, 18, 18, 19, 20, 20, 21, 22, 22, 23, 24, 24, 25, 26, 26, 27, 28, 28, 29, 30, 30, 31]>
func.func @row_of_constant_gathers(%x: memref<32xf32>, %y: memref<48xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %table = memref.get_global @table : memref<48xi32>
  scf.for %i = %c0 to %c48 step %c16 {
    %slice = memref.subview %table[%i] [16] [1] : memref<48xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<48xf32>
  }
  return
}

// -----

// Narrow tiles: a row of 144 elements in 36 tiles of 4 (AVX2 and f64 tiles
// are narrower than AVX-512's 16 float lanes) is unrolled all the same: the
// limit is the row's length, not its tile count.
// CHECK-LABEL: func @row_of_narrow_tiles
// CHECK-NOT:     scf.for
// CHECK-NOT:     vector.gather
// CHECK-COUNT-36: vector.shuffle
// CHECK-NOT:     vector.gather
memref.global "private" constant @narrow : memref<144xi32> = dense<0>
func.func @row_of_narrow_tiles(%x: memref<32xf32>, %y: memref<144xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c144 = arith.constant 144 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %table = memref.get_global @narrow : memref<144xi32>
  scf.for %i = %c0 to %c144 step %c4 {
    %slice = memref.subview %table[%i] [4] [1] : memref<144xi32> to memref<4xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<4xi32, strided<[1], offset: ?>>, vector<4xi32>
    %lanes = arith.index_cast %t : vector<4xi32> to vector<4xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<4xf32>, memref<144xf32>
  }
  return
}

// -----

// A table that is not constant, or a row longer than 512 elements or of
// more than 128 tiles whose table does not repeat, is left alone.
// CHECK-LABEL: func @rows_kept
// CHECK-COUNT-3: scf.for
memref.global "private" @mutable : memref<48xi32> = dense<0>
memref.global "private" constant @long : memref<528xi32> = dense<[0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25, 7, 20, 6, 23, 13, 5, 28, 24, 22, 22, 24, 28, 5, 13, 23, 6, 20, 7, 25, 16, 9, 4, 1, 0, 1, 4, 9, 16, 25]>
func.func @rows_kept(%x: memref<32xf32>, %y: memref<528xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c48 = arith.constant 48 : index
  %c528 = arith.constant 528 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %mutable = memref.get_global @mutable : memref<48xi32>
  %long = memref.get_global @long : memref<528xi32>
  scf.for %i = %c0 to %c48 step %c16 {
    %slice = memref.subview %mutable[%i] [16] [1] : memref<48xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<528xf32>
  }
  scf.for %i = %c0 to %c528 step %c16 {
    %slice = memref.subview %long[%i] [16] [1] : memref<528xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<528xf32>
  }
  %c2 = arith.constant 2 : index
  %c512 = arith.constant 512 : index
  %mask2 = arith.constant dense<true> : vector<2xi1>
  %pass2 = arith.constant dense<0.0> : vector<2xf32>
  scf.for %i = %c0 to %c512 step %c2 {
    %slice = memref.subview %long[%i] [2] [1] : memref<528xi32> to memref<2xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<2xi32, strided<[1], offset: ?>>, vector<2xi32>
    %lanes = arith.index_cast %t : vector<2xi32> to vector<2xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask2, %pass2 : memref<32xf32>, vector<2xindex>, vector<2xi1>, vector<2xf32> into vector<2xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<2xf32>, memref<528xf32>
  }
  return
}

// -----

// A row of 544 elements (34 tiles, too long to unroll) whose phase tap reads
// element j + 1, clamped at the end: 33 tiles in a loop whose lanes are
// constants plus the tile's start, a contiguous load, and the last tile
// unrolled with its clamped lane.
// CHECK-LABEL: func @long_row_of_phase_taps
// CHECK-SAME:    (%[[X:.*]]: memref<544xf32>, %[[Y:.*]]: memref<544xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C528:.*]] = arith.constant 528 : index
// CHECK:         scf.for %[[I:.*]] = %[[C0]] to %[[C528]] step %[[C16]] {
// CHECK-NOT:       vector.gather
// CHECK:           %[[AT:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK:           %[[V:.*]] = vector.load %[[X]][%[[AT]]] : memref<544xf32>, vector<16xf32>
// CHECK-NEXT:      vector.transfer_write %[[V]], %[[Y]][%[[I]]]
// CHECK:         }
// CHECK-NOT:     vector.gather
// CHECK:         %[[LAST:.*]] = vector.load %[[X]][%[[C528]]] : memref<544xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[LAST]], %[[LAST]] [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 15]
// CHECK-NOT:     vector.gather
memref.global "private" constant @phase_taps : memref<544xi32> = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 341, 342, 343, 344, 345, 346, 347, 348, 349, 350, 351, 352, 353, 354, 355, 356, 357, 358, 359, 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372, 373, 374, 375, 376, 377, 378, 379, 380, 381, 382, 383, 384, 385, 386, 387, 388, 389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 419, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432, 433, 434, 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447, 448, 449, 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461, 462, 463, 464, 465, 466, 467, 468, 469, 470, 471, 472, 473, 474, 475, 476, 477, 478, 479, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 490, 491, 492, 493, 494, 495, 496, 497, 498, 499, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 512, 513, 514, 515, 516, 517, 518, 519, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543, 543]>
func.func @long_row_of_phase_taps(%x: memref<544xf32>, %y: memref<544xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c544 = arith.constant 544 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %table = memref.get_global @phase_taps : memref<544xi32>
  scf.for %i = %c0 to %c544 step %c16 {
    %slice = memref.subview %table[%i] [16] [1] : memref<544xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<544xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<544xf32>
  }
  return
}

// -----

// Output-indexed taps of a x2 row (element o / 2) with weights that repeat
// every two outputs: one loop over all 34 tiles, the index table growing by
// 8 elements a tile and the weights constant, no gather left.
// CHECK-LABEL: func @long_row_of_periodic_weights
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C544:.*]] = arith.constant 544 : index
// CHECK-DAG:     %[[W:.*]] = arith.constant dense<[2.500000e-01, 7.500000e-01, {{.*}}]> : vector<16xf32>
// CHECK:         scf.for %{{.*}} = %[[C0]] to %[[C544]] step %[[C16]] {
// CHECK-NOT:       vector.gather
// CHECK:           arith.mulf %{{.*}}, %[[W]] : vector<16xf32>
// CHECK:         }
// CHECK-NOT:     vector.gather
// CHECK:         return
memref.global "private" constant @half_taps : memref<544xi32> = dense<[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13, 14, 14, 15, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20, 20, 21, 21, 22, 22, 23, 23, 24, 24, 25, 25, 26, 26, 27, 27, 28, 28, 29, 29, 30, 30, 31, 31, 32, 32, 33, 33, 34, 34, 35, 35, 36, 36, 37, 37, 38, 38, 39, 39, 40, 40, 41, 41, 42, 42, 43, 43, 44, 44, 45, 45, 46, 46, 47, 47, 48, 48, 49, 49, 50, 50, 51, 51, 52, 52, 53, 53, 54, 54, 55, 55, 56, 56, 57, 57, 58, 58, 59, 59, 60, 60, 61, 61, 62, 62, 63, 63, 64, 64, 65, 65, 66, 66, 67, 67, 68, 68, 69, 69, 70, 70, 71, 71, 72, 72, 73, 73, 74, 74, 75, 75, 76, 76, 77, 77, 78, 78, 79, 79, 80, 80, 81, 81, 82, 82, 83, 83, 84, 84, 85, 85, 86, 86, 87, 87, 88, 88, 89, 89, 90, 90, 91, 91, 92, 92, 93, 93, 94, 94, 95, 95, 96, 96, 97, 97, 98, 98, 99, 99, 100, 100, 101, 101, 102, 102, 103, 103, 104, 104, 105, 105, 106, 106, 107, 107, 108, 108, 109, 109, 110, 110, 111, 111, 112, 112, 113, 113, 114, 114, 115, 115, 116, 116, 117, 117, 118, 118, 119, 119, 120, 120, 121, 121, 122, 122, 123, 123, 124, 124, 125, 125, 126, 126, 127, 127, 128, 128, 129, 129, 130, 130, 131, 131, 132, 132, 133, 133, 134, 134, 135, 135, 136, 136, 137, 137, 138, 138, 139, 139, 140, 140, 141, 141, 142, 142, 143, 143, 144, 144, 145, 145, 146, 146, 147, 147, 148, 148, 149, 149, 150, 150, 151, 151, 152, 152, 153, 153, 154, 154, 155, 155, 156, 156, 157, 157, 158, 158, 159, 159, 160, 160, 161, 161, 162, 162, 163, 163, 164, 164, 165, 165, 166, 166, 167, 167, 168, 168, 169, 169, 170, 170, 171, 171, 172, 172, 173, 173, 174, 174, 175, 175, 176, 176, 177, 177, 178, 178, 179, 179, 180, 180, 181, 181, 182, 182, 183, 183, 184, 184, 185, 185, 186, 186, 187, 187, 188, 188, 189, 189, 190, 190, 191, 191, 192, 192, 193, 193, 194, 194, 195, 195, 196, 196, 197, 197, 198, 198, 199, 199, 200, 200, 201, 201, 202, 202, 203, 203, 204, 204, 205, 205, 206, 206, 207, 207, 208, 208, 209, 209, 210, 210, 211, 211, 212, 212, 213, 213, 214, 214, 215, 215, 216, 216, 217, 217, 218, 218, 219, 219, 220, 220, 221, 221, 222, 222, 223, 223, 224, 224, 225, 225, 226, 226, 227, 227, 228, 228, 229, 229, 230, 230, 231, 231, 232, 232, 233, 233, 234, 234, 235, 235, 236, 236, 237, 237, 238, 238, 239, 239, 240, 240, 241, 241, 242, 242, 243, 243, 244, 244, 245, 245, 246, 246, 247, 247, 248, 248, 249, 249, 250, 250, 251, 251, 252, 252, 253, 253, 254, 254, 255, 255, 256, 256, 257, 257, 258, 258, 259, 259, 260, 260, 261, 261, 262, 262, 263, 263, 264, 264, 265, 265, 266, 266, 267, 267, 268, 268, 269, 269, 270, 270, 271, 271]>
memref.global "private" constant @half_weights : memref<544xf32> = dense<[2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01, 2.500000e-01, 7.500000e-01]>
func.func @long_row_of_periodic_weights(%x: memref<272xf32>, %y: memref<544xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c544 = arith.constant 544 : index
  %pad = ub.poison : i32
  %padf = ub.poison : f32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %taps = memref.get_global @half_taps : memref<544xi32>
  %weights = memref.get_global @half_weights : memref<544xf32>
  scf.for %i = %c0 to %c544 step %c16 {
    %slice = memref.subview %taps[%i] [16] [1] : memref<544xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %wslice = memref.subview %weights[%i] [16] [1] : memref<544xf32> to memref<16xf32, strided<[1], offset: ?>>
    %w = vector.transfer_read %wslice[%c0], %padf {in_bounds = [true]} : memref<16xf32, strided<[1], offset: ?>>, vector<16xf32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<272xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    %p = arith.mulf %g, %w : vector<16xf32>
    vector.transfer_write %p, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<544xf32>
  }
  return
}

// -----

// A x1.5 row (element 2o / 3) repeats every 48 outputs, three tiles: the
// loop steps by a period and reads each of its tiles' tables at constant
// positions.
// CHECK-LABEL: func @long_row_of_three_tile_periods
// CHECK-DAG:     %[[C48:.*]] = arith.constant 48 : index
// CHECK-DAG:     %[[C576:.*]] = arith.constant 576 : index
// CHECK:         scf.for %{{.*}} = %{{.*}} to %[[C576]] step %[[C48]] {
// CHECK-NOT:       vector.gather
// CHECK-COUNT-3:   vector.transfer_write
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NOT:     vector.gather
// CHECK:         return
memref.global "private" constant @third_taps : memref<576xi32> = dense<[0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16, 16, 17, 18, 18, 19, 20, 20, 21, 22, 22, 23, 24, 24, 25, 26, 26, 27, 28, 28, 29, 30, 30, 31, 32, 32, 33, 34, 34, 35, 36, 36, 37, 38, 38, 39, 40, 40, 41, 42, 42, 43, 44, 44, 45, 46, 46, 47, 48, 48, 49, 50, 50, 51, 52, 52, 53, 54, 54, 55, 56, 56, 57, 58, 58, 59, 60, 60, 61, 62, 62, 63, 64, 64, 65, 66, 66, 67, 68, 68, 69, 70, 70, 71, 72, 72, 73, 74, 74, 75, 76, 76, 77, 78, 78, 79, 80, 80, 81, 82, 82, 83, 84, 84, 85, 86, 86, 87, 88, 88, 89, 90, 90, 91, 92, 92, 93, 94, 94, 95, 96, 96, 97, 98, 98, 99, 100, 100, 101, 102, 102, 103, 104, 104, 105, 106, 106, 107, 108, 108, 109, 110, 110, 111, 112, 112, 113, 114, 114, 115, 116, 116, 117, 118, 118, 119, 120, 120, 121, 122, 122, 123, 124, 124, 125, 126, 126, 127, 128, 128, 129, 130, 130, 131, 132, 132, 133, 134, 134, 135, 136, 136, 137, 138, 138, 139, 140, 140, 141, 142, 142, 143, 144, 144, 145, 146, 146, 147, 148, 148, 149, 150, 150, 151, 152, 152, 153, 154, 154, 155, 156, 156, 157, 158, 158, 159, 160, 160, 161, 162, 162, 163, 164, 164, 165, 166, 166, 167, 168, 168, 169, 170, 170, 171, 172, 172, 173, 174, 174, 175, 176, 176, 177, 178, 178, 179, 180, 180, 181, 182, 182, 183, 184, 184, 185, 186, 186, 187, 188, 188, 189, 190, 190, 191, 192, 192, 193, 194, 194, 195, 196, 196, 197, 198, 198, 199, 200, 200, 201, 202, 202, 203, 204, 204, 205, 206, 206, 207, 208, 208, 209, 210, 210, 211, 212, 212, 213, 214, 214, 215, 216, 216, 217, 218, 218, 219, 220, 220, 221, 222, 222, 223, 224, 224, 225, 226, 226, 227, 228, 228, 229, 230, 230, 231, 232, 232, 233, 234, 234, 235, 236, 236, 237, 238, 238, 239, 240, 240, 241, 242, 242, 243, 244, 244, 245, 246, 246, 247, 248, 248, 249, 250, 250, 251, 252, 252, 253, 254, 254, 255, 256, 256, 257, 258, 258, 259, 260, 260, 261, 262, 262, 263, 264, 264, 265, 266, 266, 267, 268, 268, 269, 270, 270, 271, 272, 272, 273, 274, 274, 275, 276, 276, 277, 278, 278, 279, 280, 280, 281, 282, 282, 283, 284, 284, 285, 286, 286, 287, 288, 288, 289, 290, 290, 291, 292, 292, 293, 294, 294, 295, 296, 296, 297, 298, 298, 299, 300, 300, 301, 302, 302, 303, 304, 304, 305, 306, 306, 307, 308, 308, 309, 310, 310, 311, 312, 312, 313, 314, 314, 315, 316, 316, 317, 318, 318, 319, 320, 320, 321, 322, 322, 323, 324, 324, 325, 326, 326, 327, 328, 328, 329, 330, 330, 331, 332, 332, 333, 334, 334, 335, 336, 336, 337, 338, 338, 339, 340, 340, 341, 342, 342, 343, 344, 344, 345, 346, 346, 347, 348, 348, 349, 350, 350, 351, 352, 352, 353, 354, 354, 355, 356, 356, 357, 358, 358, 359, 360, 360, 361, 362, 362, 363, 364, 364, 365, 366, 366, 367, 368, 368, 369, 370, 370, 371, 372, 372, 373, 374, 374, 375, 376, 376, 377, 378, 378, 379, 380, 380, 381, 382, 382, 383]>
func.func @long_row_of_three_tile_periods(%x: memref<384xf32>, %y: memref<576xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c576 = arith.constant 576 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %taps = memref.get_global @third_taps : memref<576xi32>
  scf.for %i = %c0 to %c576 step %c16 {
    %slice = memref.subview %taps[%i] [16] [1] : memref<576xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<384xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<576xf32>
  }
  return
}
// -----

// A long row's table read that also feeds something other than index casts
// gets the period's step in its own type, without nsw: in i32 the step may
// wrap on its way to the entry. A read that is not in bounds keeps its row
// whole: its padding lanes take no step.
// CHECK-LABEL: func @long_row_shift_in_table_type
// CHECK:         scf.for
// CHECK:           %[[STEP:.*]] = vector.broadcast %{{.*}} : i32 to vector<16xi32>
// CHECK:           arith.addi %{{[^ ,]+}}, %{{[^ ,]+}} : vector<16xi32>
// CHECK:         }
// CHECK-LABEL: func @long_row_read_out_of_bounds
// CHECK:         %[[TABLE:.*]] = memref.get_global @identity_taps
// CHECK:         scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK:           memref.subview %[[TABLE]][%[[I]]]
// CHECK:           vector.gather
memref.global "private" constant @identity_taps : memref<544xi32> = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 341, 342, 343, 344, 345, 346, 347, 348, 349, 350, 351, 352, 353, 354, 355, 356, 357, 358, 359, 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372, 373, 374, 375, 376, 377, 378, 379, 380, 381, 382, 383, 384, 385, 386, 387, 388, 389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 419, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432, 433, 434, 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447, 448, 449, 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461, 462, 463, 464, 465, 466, 467, 468, 469, 470, 471, 472, 473, 474, 475, 476, 477, 478, 479, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 490, 491, 492, 493, 494, 495, 496, 497, 498, 499, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 512, 513, 514, 515, 516, 517, 518, 519, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543]>
func.func @long_row_shift_in_table_type(%x: memref<544xf32>, %y: memref<544xf32>, %z: memref<544xi32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c544 = arith.constant 544 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %table = memref.get_global @identity_taps : memref<544xi32>
  scf.for %i = %c0 to %c544 step %c16 {
    %slice = memref.subview %table[%i] [16] [1] : memref<544xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<544xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<544xf32>
    vector.transfer_write %t, %z[%i] {in_bounds = [true]} : vector<16xi32>, memref<544xi32>
  }
  return
}
func.func @long_row_read_out_of_bounds(%x: memref<544xf32>, %y: memref<544xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c544 = arith.constant 544 : index
  %pad = arith.constant 0 : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %table = memref.get_global @identity_taps : memref<544xi32>
  scf.for %i = %c0 to %c544 step %c16 {
    %slice = memref.subview %table[%i] [16] [1] : memref<544xi32> to memref<16xi32, strided<[1], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [false]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<544xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<544xf32>
  }
  return
}
// -----

// A loop over rows that reads a constant row table and holds the loop over
// the row's tiles and the peeled partial tile: only the tile loop unrolls
// (unrolling the rows too would copy every row's tiles).
// CHECK-LABEL: func @rows_of_tiles
// CHECK:         scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NOT:       scf.for
// CHECK-COUNT-3:   vector.transfer_write %{{.*}}, %{{.*}}[%[[ROW]], %{{.*}}]
// CHECK-NEXT:    {{^ *}}}{{$}}
// CHECK-NEXT:    return
memref.global "private" constant @row_offsets : memref<8xi32> = dense<[0, 0, 32, 64, 64, 96, 128, 128]>
memref.global "private" constant @columns : memref<40xi32> = dense<[0, 0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 16, 16, 17, 18, 18, 19, 20, 20, 21, 22, 22, 23, 24, 24, 25, 26]>
func.func @rows_of_tiles(%x: memref<256xf32>, %y: memref<8x40xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %mask8 = arith.constant dense<true> : vector<8xi1>
  %pass8 = arith.constant dense<0.0> : vector<8xf32>
  %rows = memref.get_global @row_offsets : memref<8xi32>
  %columns = memref.get_global @columns : memref<40xi32>
  scf.for %r = %c0 to %c8 step %c1 {
    %row_slice = memref.subview %rows[%r] [1] [1] : memref<8xi32> to memref<1xi32, strided<[1], offset: ?>>
    %offset = memref.load %row_slice[%c0] : memref<1xi32, strided<[1], offset: ?>>
    scf.for %i = %c0 to %c32 step %c16 {
      %slice = memref.subview %columns[%i] [16] [1] : memref<40xi32> to memref<16xi32, strided<[1], offset: ?>>
      %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[1], offset: ?>>, vector<16xi32>
      %o = vector.broadcast %offset : i32 to vector<16xi32>
      %sum = arith.addi %t, %o : vector<16xi32>
      %lanes = arith.index_cast %sum : vector<16xi32> to vector<16xindex>
      %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<256xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
      vector.transfer_write %g, %y[%r, %i] {in_bounds = [true]} : vector<16xf32>, memref<8x40xf32>
    }
    %slice = memref.subview %columns[32] [8] [1] : memref<40xi32> to memref<8xi32, strided<[1], offset: 32>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<8xi32, strided<[1], offset: 32>>, vector<8xi32>
    %o = vector.broadcast %offset : i32 to vector<8xi32>
    %sum = arith.addi %t, %o : vector<8xi32>
    %lanes = arith.index_cast %sum : vector<8xi32> to vector<8xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask8, %pass8 : memref<256xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    vector.transfer_write %g, %y[%r, %c32] {in_bounds = [true]} : vector<8xf32>, memref<8x40xf32>
  }
  return
}

// -----

// A loop over the two phases of a x2 axis, reading each phase's weight from
// a constant table: unrolled, each weight folds to a constant, and the
// integer product with the zero weight to zero. A loop of five iterations
// is not a loop over phases and stays; nor is a loop of two iterations that
// holds a loop, directly or in an scf.if.
// CHECK-LABEL: func @phases_of_constant_weights
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[TWO:.*]] = arith.constant dense<2> : vector<16xi16>
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0> : vector<16xi16>
// CHECK-NOT:     scf.for
// CHECK:         %[[A:.*]] = arith.muli %{{.*}}, %[[TWO]] : vector<16xi16>
// CHECK:         vector.store %[[A]], %{{.*}}[%[[C0]], %[[C0]]]
// CHECK:         vector.store %[[ZERO]], %{{.*}}[%[[C1]], %[[C0]]]
// CHECK:         scf.for
// CHECK:           vector.transfer_read
// CHECK:         scf.for
// CHECK:           vector.transfer_read
// CHECK:           scf.for
// CHECK:         scf.for
// CHECK:           vector.transfer_read
// CHECK:           scf.if
// CHECK:             scf.for
// CHECK-NOT:     scf.for
memref.global "private" constant @phase_weights : memref<2xi16> = dense<[2, 0]>
memref.global "private" constant @five_weights : memref<5xi16> = dense<[4, 3, 2, 1, 0]>
func.func @phases_of_constant_weights(%x: memref<16xi16>, %y: memref<2x16xi16>, %z: memref<5x16xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c5 = arith.constant 5 : index
  %pad = ub.poison : i16
  %phases = memref.get_global @phase_weights : memref<2xi16>
  %five = memref.get_global @five_weights : memref<5xi16>
  %v = vector.load %x[%c0] : memref<16xi16>, vector<16xi16>
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %phases[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %m = arith.muli %v, %wv : vector<16xi16>
    vector.store %m, %y[%p, %c0] : memref<2x16xi16>, vector<16xi16>
  }
  scf.for %p = %c0 to %c5 step %c1 {
    %slice = memref.subview %five[%p] [1] [1] : memref<5xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %m = arith.muli %v, %wv : vector<16xi16>
    vector.store %m, %z[%p, %c0] : memref<5x16xi16>, vector<16xi16>
  }
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %phases[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %m = arith.muli %v, %wv : vector<16xi16>
    scf.for %i = %c0 to %c5 step %c1 {
      vector.store %m, %z[%i, %c0] : memref<5x16xi16>, vector<16xi16>
    }
  }
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %phases[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %m = arith.muli %v, %wv : vector<16xi16>
    %first = arith.cmpi eq, %p, %c0 : index
    scf.if %first {
      scf.for %i = %c0 to %c5 step %c1 {
        vector.store %m, %z[%i, %c0] : memref<5x16xi16>, vector<16xi16>
      }
    }
  }
  return
}

// -----

// The phases of a parallel loop unroll interleaved, a store of each phase
// in turn, and the phases share their loads of X, which the function never
// writes: one load per vector of X.
// CHECK-LABEL: func @phases_share_loads
// CHECK-SAME:    (%[[X:.*]]: memref<32xi16>, %[[Y:.*]]: memref<2x32xi16>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[C0]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C0]]]
// CHECK-NOT:     vector.load
// CHECK:         vector.store %[[A]], %[[Y]][%[[C1]], %[[C0]]]
// CHECK:         %[[B:.*]] = vector.load %[[X]][%[[C16]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C16]]]
// CHECK-NOT:     vector.load
// CHECK:         vector.store %[[B]], %[[Y]][%[[C1]], %[[C16]]]
// CHECK-NOT:     vector.load
memref.global "private" constant @pair_weights : memref<2xi16> = dense<[2, 1]>
func.func @phases_share_loads(%x: memref<32xi16>, %y: memref<2x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %pad = ub.poison : i16
  %weights = memref.get_global @pair_weights : memref<2xi16>
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %weights[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %a = vector.load %x[%c0] : memref<32xi16>, vector<16xi16>
    %m = arith.muli %a, %wv : vector<16xi16>
    vector.store %m, %y[%p, %c0] : memref<2x32xi16>, vector<16xi16>
    %b = vector.load %x[%c16] : memref<32xi16>, vector<16xi16>
    %n = arith.muli %b, %wv : vector<16xi16>
    vector.store %n, %y[%p, %c16] : memref<2x32xi16>, vector<16xi16>
  } {onnxc.parallel}
  return
}

// -----

// The three phases of a x3 axis whose weights also vary with the input row
// (float32 rounds each row's thirds differently): the table has a row per
// input row, read at [row, phase]. The loop unrolls, and the phases share
// their load of X. Phase 0's weight is 0 in every row the view covers (the
// table's last row, outside it, is not), so it reads a constant; the
// others differ from row to row and still read the table. Without the
// view, phase 0 reads the table too.
// CHECK-LABEL: func @phases_of_row_weights
// CHECK-SAME:    (%[[X:.*]]: memref<16xf32>, %[[Y:.*]]: memref<3x16xf32>, %[[ROW:.*]]: index)
// CHECK-DAG:     %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG:     %[[C2:.*]] = arith.constant 2 : index
// CHECK-NOT:     scf.for
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[C0]]]
// CHECK:         %[[P0:.*]] = arith.mulf %[[A]], %[[ZERO]]
// CHECK:         vector.store %[[P0]], %[[Y]][%[[C0]], %[[C0]]]
// CHECK:         memref.subview %{{.*}}[%[[ROW]], 1] [1, 1] [1, 1]
// CHECK:         vector.transfer_read
// CHECK-NOT:     vector.load
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C1]], %[[C0]]]
// CHECK:         memref.subview %{{.*}}[%[[ROW]], 2] [1, 1] [1, 1]
// CHECK:         vector.transfer_read
// CHECK-NOT:     vector.load
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C2]], %[[C0]]]
// CHECK-NOT:     scf.for
// CHECK:         memref.subview %{{.*}}[%[[ROW]], 0] [1, 1] [1, 1]
// CHECK:         vector.transfer_read
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C0]]]
memref.global "private" constant @row_weights : memref<4x3xf32> = dense<[[0.0, 0.25, 0.5], [0.0, 0.375, 0.625], [0.0, 0.25, 0.75], [0.5, 0.5, 0.5]]>
func.func @phases_of_row_weights(%x: memref<16xf32>, %y: memref<3x16xf32>, %row: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %pad = ub.poison : f32
  %table = memref.get_global @row_weights : memref<4x3xf32>
  %rows = memref.subview %table[0, 0] [3, 3] [1, 1] : memref<4x3xf32> to memref<3x3xf32, strided<[3, 1]>>
  scf.for %p = %c0 to %c3 step %c1 {
    %slice = memref.subview %rows[%row, %p] [1, 1] [1, 1] : memref<3x3xf32, strided<[3, 1]>> to memref<1x1xf32, strided<[3, 1], offset: ?>>
    %scalar = memref.subview %slice[0, 0] [1, 1] [1, 1] : memref<1x1xf32, strided<[3, 1], offset: ?>> to memref<f32, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<f32, strided<[], offset: ?>>, vector<f32>
    %wv = vector.broadcast %w : vector<f32> to vector<16xf32>
    %a = vector.load %x[%c0] : memref<16xf32>, vector<16xf32>
    %m = arith.mulf %a, %wv : vector<16xf32>
    vector.store %m, %y[%p, %c0] : memref<3x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  scf.for %p = %c0 to %c3 step %c1 {
    %slice = memref.subview %table[%row, %p] [1, 1] [1, 1] : memref<4x3xf32> to memref<1x1xf32, strided<[3, 1], offset: ?>>
    %scalar = memref.subview %slice[0, 0] [1, 1] [1, 1] : memref<1x1xf32, strided<[3, 1], offset: ?>> to memref<f32, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<f32, strided<[], offset: ?>>, vector<f32>
    %wv = vector.broadcast %w : vector<f32> to vector<16xf32>
    %a = vector.load %x[%c0] : memref<16xf32>, vector<16xf32>
    %m = arith.mulf %a, %wv : vector<16xf32>
    vector.store %m, %y[%p, %c0] : memref<3x16xf32>, vector<16xf32>
  } {onnxc.parallel}
  return
}

// -----

// A read of a constant global whose elements are all equal folds only when
// it stays in bounds without a mask, through unit-stride views: not when
// it may run past the end (its padding), is masked, or reads a strided
// view (not looked through).
// CHECK-LABEL: func @uniform_reads
// CHECK-SAME:    (%[[I:.*]]: index, %[[M:.*]]: vector<4xi1>)
// CHECK:         %[[ZERO:.*]] = arith.constant dense<0.000000e+00> : vector<4xf32>
// CHECK:         %[[G:.*]] = memref.get_global @zeros
// CHECK:         %[[B:.*]] = vector.transfer_read %[[G]][%[[I]]], %{{.*}} : memref<8xf32>, vector<4xf32>
// CHECK:         %[[C:.*]] = vector.transfer_read %[[G]][%[[I]]], %{{.*}}, %[[M]]
// CHECK:         %[[S:.*]] = memref.subview %[[G]][0] [4] [2]
// CHECK:         %[[D:.*]] = vector.transfer_read %[[S]]
// CHECK:         return %[[ZERO]], %[[B]], %[[C]], %[[D]]
memref.global "private" constant @zeros : memref<8xf32> = dense<0.0>
func.func @uniform_reads(%i: index, %m: vector<4xi1>) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2xf32>) {
  %pad = ub.poison : f32
  %c0 = arith.constant 0 : index
  %g = memref.get_global @zeros : memref<8xf32>
  %a = vector.transfer_read %g[%i], %pad {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  %b = vector.transfer_read %g[%i], %pad {in_bounds = [false]} : memref<8xf32>, vector<4xf32>
  %c = vector.transfer_read %g[%i], %pad, %m {in_bounds = [true]} : memref<8xf32>, vector<4xf32>
  %s = memref.subview %g[0] [4] [2] : memref<8xf32> to memref<4xf32, strided<[2]>>
  %d = vector.transfer_read %s[%c0], %pad {in_bounds = [true]} : memref<4xf32, strided<[2]>>, vector<2xf32>
  return %a, %b, %c, %d : vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<2xf32>
}

// -----

// A parallel loop over phases that reads what it writes (Y) unrolls phase
// after phase.
// CHECK-LABEL: func @phases_that_read_what_they_write
// CHECK-SAME:    (%{{.*}}: memref<32xi16>, %[[Y:.*]]: memref<2x32xi16>)
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0:.*]], %[[C0]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C16:.*]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C1:.*]], %[[C0]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C1]], %[[C16]]]
memref.global "private" constant @pair_weights : memref<2xi16> = dense<[2, 1]>
func.func @phases_that_read_what_they_write(%x: memref<32xi16>, %y: memref<2x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %pad = ub.poison : i16
  %weights = memref.get_global @pair_weights : memref<2xi16>
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %weights[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %a = vector.load %y[%p, %c0] : memref<2x32xi16>, vector<16xi16>
    %m = arith.muli %a, %wv : vector<16xi16>
    vector.store %m, %y[%p, %c0] : memref<2x32xi16>, vector<16xi16>
    %b = vector.load %x[%c16] : memref<32xi16>, vector<16xi16>
    %n = arith.muli %b, %wv : vector<16xi16>
    vector.store %n, %y[%p, %c16] : memref<2x32xi16>, vector<16xi16>
  } {onnxc.parallel}
  return
}

// -----

// A loop that is not marked parallel unrolls phase after phase; a function
// that writes X keeps every load of it.
// CHECK-LABEL: func @phases_in_order_of_a_written_buffer
// CHECK-SAME:    (%[[X:.*]]: memref<32xi16>, %[[Y:.*]]: memref<2x32xi16>)
// CHECK:         vector.load %[[X]][%[[C0:.*]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C0]]]
// CHECK:         vector.load %[[X]][%[[C16:.*]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C0]], %[[C16]]]
// CHECK:         vector.load %[[X]][%[[C0]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C1:.*]], %[[C0]]]
// CHECK:         vector.load %[[X]][%[[C16]]]
// CHECK:         vector.store %{{.*}}, %[[Y]][%[[C1]], %[[C16]]]
// CHECK:         vector.store %{{.*}}, %[[X]]
memref.global "private" constant @pair_weights : memref<2xi16> = dense<[2, 1]>
func.func @phases_in_order_of_a_written_buffer(%x: memref<32xi16>, %y: memref<2x32xi16>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %pad = ub.poison : i16
  %weights = memref.get_global @pair_weights : memref<2xi16>
  scf.for %p = %c0 to %c2 step %c1 {
    %slice = memref.subview %weights[%p] [1] [1] : memref<2xi16> to memref<1xi16, strided<[1], offset: ?>>
    %scalar = memref.subview %slice[0] [1] [1] : memref<1xi16, strided<[1], offset: ?>> to memref<i16, strided<[], offset: ?>>
    %w = vector.transfer_read %scalar[], %pad : memref<i16, strided<[], offset: ?>>, vector<i16>
    %wv = vector.broadcast %w : vector<i16> to vector<16xi16>
    %a = vector.load %x[%c0] : memref<32xi16>, vector<16xi16>
    %m = arith.muli %a, %wv : vector<16xi16>
    vector.store %m, %y[%p, %c0] : memref<2x32xi16>, vector<16xi16>
    %b = vector.load %x[%c16] : memref<32xi16>, vector<16xi16>
    %n = arith.muli %b, %wv : vector<16xi16>
    vector.store %n, %y[%p, %c16] : memref<2x32xi16>, vector<16xi16>
  }
  %z = arith.constant dense<0> : vector<16xi16>
  vector.store %z, %x[%c0] : memref<32xi16>, vector<16xi16>
  return
}

// -----

// The uniform part of a gather's indices (the row offset the vectorizer
// broadcasts into every lane) moves into the scalar base offset; the lanes
// keep the sign-extended i32 table entries.
// CHECK-LABEL: func @gather_row_offset
// CHECK-SAME:    (%[[X:.*]]: memref<4x128xf32>, %[[T:.*]]: vector<16xi32>, %[[ROW:.*]]: index, %[[Y:.*]]: memref<16xf32>)
// CHECK-DAG:     %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:     %[[C128:.*]] = arith.constant 128 : index
// CHECK:         %[[LANES:.*]] = arith.index_cast %[[T]] : vector<16xi32> to vector<16xindex>
// CHECK:         %[[OFF:.*]] = arith.muli %[[ROW]], %[[C128]] : index
// CHECK:         vector.gather %[[X]][%[[C0]], %[[OFF]]] [%[[LANES]]]
func.func @gather_row_offset(%x: memref<4x128xf32>, %t: vector<16xi32>, %row: index, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant dense<128> : vector<16xindex>
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
  %r = vector.broadcast %row : index to vector<16xindex>
  %rowStart = arith.muli %r, %c128 : vector<16xindex>
  %idx = arith.addi %lanes, %rowStart : vector<16xindex>
  %g = vector.gather %x[%c0, %c0] [%idx], %mask, %pass : memref<4x128xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}

// -----

// i32 lanes may wrap where an index offset would not: their uniform part
// stays in the lanes.
// CHECK-LABEL: func @gather_i32_lanes_kept
// CHECK-SAME:    (%[[X:.*]]: memref<128xf32>, %[[T:.*]]: vector<16xi32>, %[[ROW:.*]]: i32
// CHECK:         %[[R:.*]] = vector.broadcast %[[ROW]] : i32 to vector<16xi32>
// CHECK:         %[[IDX:.*]] = arith.addi %[[T]], %[[R]] : vector<16xi32>
// CHECK:         vector.gather %[[X]][%{{.*}}] [%[[IDX]]]
func.func @gather_i32_lanes_kept(%x: memref<128xf32>, %t: vector<16xi32>, %row: i32, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %r = vector.broadcast %row : i32 to vector<16xi32>
  %idx = arith.addi %t, %r : vector<16xi32>
  %g = vector.gather %x[%c0] [%idx], %mask, %pass : memref<128xf32>, vector<16xi32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}

// -----

// Indices with no uniform addend stay as they are.
// CHECK-LABEL: func @gather_no_uniform_part
// CHECK-SAME:    (%[[X:.*]]: memref<128xf32>, %[[A:.*]]: vector<16xindex>, %[[B:.*]]: vector<16xindex>
// CHECK:         %[[IDX:.*]] = arith.addi %[[A]], %[[B]] : vector<16xindex>
// CHECK:         vector.gather %[[X]][%{{.*}}] [%[[IDX]]]
func.func @gather_no_uniform_part(%x: memref<128xf32>, %a: vector<16xindex>, %b: vector<16xindex>, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %idx = arith.addi %a, %b : vector<16xindex>
  %g = vector.gather %x[%c0] [%idx], %mask, %pass : memref<128xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  return
}

// -----

// Constant lanes within one vector's span: a load of the span and a
// shuffle. Span 16 is a plain load; a shorter span at the end of a row is
// read by a whole vector ending there.
// CHECK-LABEL: func @gather_nearby_lanes
// CHECK-SAME:    (%[[X:.*]]: memref<4x32xf32>, %[[ROW:.*]]: index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[ROW]], %[[C10]]] : memref<4x32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[A]], %[[A]] [0, 1, 2, 2, 3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 15] : vector<16xf32>, vector<16xf32>
// CHECK:         %[[B:.*]] = vector.load %[[X]][%[[ROW]], %[[C16]]] : memref<4x32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[B]], %[[B]] [5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15] : vector<16xf32>, vector<16xf32>
// CHECK-NOT:     vector.gather
func.func @gather_nearby_lanes(%x: memref<4x32xf32>, %row: index, %y: memref<32xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %full = arith.constant dense<[10, 11, 12, 12, 13, 14, 14, 15, 16, 16, 17, 18, 18, 19, 20, 25]> : vector<16xindex>
  %short = arith.constant dense<[21, 22, 22, 23, 24, 24, 25, 26, 26, 27, 28, 28, 29, 30, 30, 31]> : vector<16xindex>
  %a = vector.gather %x[%row, %c0] [%full], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %b = vector.gather %x[%row, %c0] [%short], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<32xf32>
  vector.transfer_write %b, %y[%c16] {in_bounds = [true]} : vector<16xf32>, memref<32xf32>
  return
}

// -----

// Lanes from vector.step (what the Linalg vectorizer emits for a row read
// through a table, such as an antialiased pass along rows), reshaped or
// not, are contiguous: a plain load at the gather's offsets (here both
// gathers read the same span, and share the load).
// CHECK-LABEL: func @gather_step_lanes
// CHECK-SAME:    (%[[X:.*]]: memref<4x32xf32>, %[[ROW:.*]]: index, %[[COL:.*]]: index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[ROW]], %[[COL]]] : memref<4x32xf32>, vector<16xf32>
// CHECK:         vector.transfer_write %[[A]]
// CHECK:         vector.shape_cast %[[A]] : vector<16xf32> to vector<1x16xf32>
// CHECK-NOT:     vector.gather
func.func @gather_step_lanes(%x: memref<4x32xf32>, %row: index, %col: index, %y: memref<32xf32>, %z: memref<1x16xf32>) {
  %c0 = arith.constant 0 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %step = vector.step : vector<16xindex>
  %a = vector.gather %x[%row, %col] [%step], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<32xf32>
  %mask2 = arith.constant dense<true> : vector<1x16xi1>
  %pass2 = arith.constant dense<0.0> : vector<1x16xf32>
  %lanes = vector.shape_cast %step : vector<16xindex> to vector<1x16xindex>
  %b = vector.gather %x[%row, %col] [%lanes], %mask2, %pass2 : memref<4x32xf32>, vector<1x16xindex>, vector<1x16xi1>, vector<1x16xf32> into vector<1x16xf32>
  vector.transfer_write %b, %z[%c0, %c0] {in_bounds = [true, true]} : vector<1x16xf32>, memref<1x16xf32>
  return
}

// -----

// A span shorter than the vector is read as a whole vector when one holding
// it fits in the row the gather reads: the rows lie end to end, the
// gather's offset lies at a known place in one, and the span lies in the
// row (here the row's first 16 elements, its aligned window, and one past
// a row's start, elements 6 to 21). Otherwise the span is read with a
// masked load.
// CHECK-LABEL: func @gather_short_span_in_row
// CHECK-SAME:    (%[[X:.*]]: memref<4x32xf32>, %[[S:.*]]: memref<4x32xf32, strided<[64, 1]>>, %[[ROW:.*]]: index
// CHECK:         %[[START:.*]] = arith.muli %[[ROW]], %{{.*}} : index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%{{.*}}, %[[START]]] : memref<4x32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[A]], %[[A]] [5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15]
// CHECK:         %[[SHIFTED:.*]] = arith.addi %[[START]], %{{.*}} : index
// CHECK:         %[[AT:.*]] = arith.addi %[[SHIFTED]], %{{.*}} : index
// CHECK:         %[[B:.*]] = vector.load %[[X]][%{{.*}}, %[[AT]]] : memref<4x32xf32>, vector<16xf32>
// CHECK:         vector.shuffle %[[B]], %[[B]] [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10]
// CHECK:         %[[C:.*]] = vector.maskedload %[[S]]{{.*}} : memref<4x32xf32, strided<[64, 1]>>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:         vector.shuffle %[[C]], %[[C]] [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10]
// CHECK:         %[[D:.*]] = vector.maskedload %[[X]]{{.*}} : memref<4x32xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK:         vector.shuffle %[[D]], %[[D]] [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10]
// CHECK-NOT:     vector.gather
func.func @gather_short_span_in_row(%x: memref<4x32xf32>, %s: memref<4x32xf32, strided<[64, 1]>>, %row: index, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %lanes = arith.constant dense<[5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13, 14, 14, 15]> : vector<16xindex>
  // Row `row` of X, as the vectorizer addresses it: a flat offset.
  %start = arith.muli %row, %c32 : index
  %a = vector.gather %x[%c0, %start] [%lanes], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // One past a row start: elements 6 to 21 of the row.
  %shifted = arith.addi %start, %c1 : index
  %b = vector.gather %x[%c0, %shifted] [%lanes], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // Rows with a gap between them.
  %c = vector.gather %s[%row, %c0] [%lanes], %mask, %pass : memref<4x32xf32, strided<[64, 1]>>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  // A span across two rows: X may end right after it.
  %across = arith.constant dense<[26, 27, 27, 28, 29, 29, 30, 31, 31, 32, 33, 33, 34, 35, 35, 36]> : vector<16xindex>
  %d = vector.gather %x[%c0, %start] [%across], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  vector.transfer_write %b, %y[%c16] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  vector.transfer_write %c, %y[%c32] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  %c48 = arith.constant 48 : index
  vector.transfer_write %d, %y[%c48] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  return
}

// -----

// Where the gather's offset moves within a row (a loop's induction variable
// added to a row's start), value bounds say where the span lies: a whole
// vector is loaded when one holds the span wherever the offset is (elements
// k to k + 15 for k < 8), else the span is read with a masked load (for
// k < 20 no vector holds it at both ends: it would start before the row or
// pass its end).
// CHECK-LABEL: func @gather_moving_in_row
// CHECK:         scf.for
// CHECK:           vector.load %{{.*}} : memref<4x32xf32>, vector<16xf32>
// CHECK-NOT:       vector.maskedload
// CHECK:         scf.for
// CHECK:           vector.maskedload %{{.*}} : memref<4x32xf32>, vector<16xi1>, vector<16xf32> into vector<16xf32>
// CHECK-NOT:     vector.gather
func.func @gather_moving_in_row(%x: memref<4x32xf32>, %row: index, %y: memref<16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c20 = arith.constant 20 : index
  %c32 = arith.constant 32 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %lanes = arith.constant dense<[0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7]> : vector<16xindex>
  %start = arith.muli %row, %c32 : index
  scf.for %k = %c0 to %c8 step %c1 {
    %at = arith.addi %start, %k : index
    %a = vector.gather %x[%c0, %at] [%lanes], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  scf.for %k = %c0 to %c20 step %c1 {
    %at = arith.addi %start, %k : index
    %b = vector.gather %x[%c0, %at] [%lanes], %mask, %pass : memref<4x32xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %b, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<16xf32>
  }
  return
}
// -----

// A periodic row's loop (PeriodicRows.h) moves the offset by an affine map
// of its induction variable: its values over the iterations bound it (here
// 0 to 1888, lanes 5 to 9 of the 1920 in a row), and a whole vector holds
// the span.
// CHECK-LABEL: func @gather_in_periodic_row
// CHECK:         scf.for
// CHECK:           vector.load %{{.*}} : memref<4x1920xf32>, vector<8xf32>
// CHECK-NOT:     vector.maskedload
// CHECK-NOT:     vector.gather
#period = affine_map<(d0) -> (((d0 - 8) floordiv 24) * 16)>
func.func @gather_in_periodic_row(%x: memref<4x1920xf32>, %row: index, %y: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %c2864 = arith.constant 2864 : index
  %c1920 = arith.constant 1920 : index
  %mask = arith.constant dense<true> : vector<8xi1>
  %pass = arith.constant dense<0.0> : vector<8xf32>
  %lanes = arith.constant dense<[5, 5, 6, 7, 7, 8, 9, 9]> : vector<8xindex>
  %start = arith.muli %row, %c1920 : index
  scf.for %k = %c8 to %c2864 step %c24 {
    %shift = affine.apply #period(%k)
    %at = arith.addi %start, %shift : index
    %g = vector.gather %x[%c0, %at] [%lanes], %mask, %pass : memref<4x1920xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
    vector.transfer_write %g, %y[%c0] {in_bounds = [true]} : vector<8xf32>, memref<8xf32>
  }
  return
}
// -----

// Within a row, a span is read from the window aligned to the vector's
// size that holds it, when one does: the load is aligned whenever the row
// is, and gathers whose lanes differ by one (the two taps of a linear
// Upsample's tile) share it. A span across two windows, or whose window
// would pass the end of the row, is read from its start or back from the
// row's end.
// CHECK-LABEL: func @gather_aligned_window
// CHECK-SAME:    (%[[X:.*]]: memref<4x40xf32>, %[[ROW:.*]]: index
// CHECK-DAG:     %[[C10:.*]] = arith.constant 10 : index
// CHECK-DAG:     %[[C16:.*]] = arith.constant 16 : index
// CHECK-DAG:     %[[C24:.*]] = arith.constant 24 : index
// CHECK:         %[[A:.*]] = vector.load %[[X]][%[[ROW]], %[[C16]]] : memref<4x40xf32>, vector<16xf32>
// CHECK-NEXT:    vector.shuffle %[[A]], %[[A]] [2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10, 11, 11, 12]
// CHECK-NEXT:    vector.shuffle %[[A]], %[[A]] [3, 4, 4, 5, 6, 6, 7, 8, 8, 9, 10, 10, 11, 12, 12, 13]
// CHECK-NEXT:    %[[B:.*]] = vector.load %[[X]][%[[ROW]], %[[C10]]] : memref<4x40xf32>, vector<16xf32>
// CHECK-NEXT:    vector.shuffle %[[B]], %[[B]] [0, 1, 1, 2, 3, 3, 4, 5, 5, 6, 7, 7, 8, 9, 9, 10]
// CHECK-NEXT:    %[[C:.*]] = vector.load %[[X]][%[[ROW]], %[[C24]]] : memref<4x40xf32>, vector<16xf32>
// CHECK-NEXT:    vector.shuffle %[[C]], %[[C]] [9, 10, 10, 11, 12, 12, 13, 14, 14, 15, 15, 15, 15, 15, 15, 15]
// CHECK-NOT:     vector.gather
func.func @gather_aligned_window(%x: memref<4x40xf32>, %row: index, %y: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %tap0 = arith.constant dense<[18, 19, 19, 20, 21, 21, 22, 23, 23, 24, 25, 25, 26, 27, 27, 28]> : vector<16xindex>
  %tap1 = arith.constant dense<[19, 20, 20, 21, 22, 22, 23, 24, 24, 25, 26, 26, 27, 28, 28, 29]> : vector<16xindex>
  %across = arith.constant dense<[10, 11, 11, 12, 13, 13, 14, 15, 15, 16, 17, 17, 18, 19, 19, 20]> : vector<16xindex>
  %end = arith.constant dense<[33, 34, 34, 35, 36, 36, 37, 38, 38, 39, 39, 39, 39, 39, 39, 39]> : vector<16xindex>
  %a = vector.gather %x[%row, %c0] [%tap0], %mask, %pass : memref<4x40xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %b = vector.gather %x[%row, %c0] [%tap1], %mask, %pass : memref<4x40xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %c = vector.gather %x[%row, %c0] [%across], %mask, %pass : memref<4x40xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  %d = vector.gather %x[%row, %c0] [%end], %mask, %pass : memref<4x40xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
  vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  vector.transfer_write %b, %y[%c16] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  vector.transfer_write %c, %y[%c32] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  vector.transfer_write %d, %y[%c48] {in_bounds = [true]} : vector<16xf32>, memref<64xf32>
  return
}

// -----

// Lanes spread wider than the vector, a variable mask, or a non-contiguous
// innermost dimension keep the gather.
// CHECK-LABEL: func @gather_kept
// CHECK-COUNT-3: vector.gather
func.func @gather_kept(%x: memref<4x32xf32>, %s: memref<4x32xf32, strided<[64, 2]>>, %m: vector<4xi1>, %y: memref<12xf32>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %all = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %wide = arith.constant dense<[0, 32, 64, 96]> : vector<4xindex>
  %near = arith.constant dense<[0, 0, 1, 2]> : vector<4xindex>
  %a = vector.gather %x[%c0, %c0] [%wide], %all, %pass : memref<4x32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %b = vector.gather %x[%c0, %c0] [%near], %m, %pass : memref<4x32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %c = vector.gather %s[%c0, %c0] [%near], %all, %pass : memref<4x32xf32, strided<[64, 2]>>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  vector.transfer_write %a, %y[%c0] {in_bounds = [true]} : vector<4xf32>, memref<12xf32>
  vector.transfer_write %b, %y[%c4] {in_bounds = [true]} : vector<4xf32>, memref<12xf32>
  vector.transfer_write %c, %y[%c8] {in_bounds = [true]} : vector<4xf32>, memref<12xf32>
  return
}

// -----

// Constant lanes over two vectors' span (a downsampling by 0.6): two whole
// vectors of the row and a two-source shuffle. Over four vectors' span (by
// up to 4): a two-source shuffle of each pair of vectors, the lanes outside
// a pair taking its first element, and a blend of the two. A span of more
// than four vectors stays a gather.
// CHECK-LABEL: func @two_vector_span
// CHECK-SAME:    (%[[X:.*]]: memref<4x32xf32>, %[[ROW:.*]]: index)
// CHECK-DAG:     %[[C3:.*]] = arith.constant 3 : index
// CHECK-DAG:     %[[C7:.*]] = arith.constant 7 : index
// CHECK-DAG:     %[[C11:.*]] = arith.constant 11 : index
// CHECK-DAG:     %[[C15:.*]] = arith.constant 15 : index
// CHECK:         %[[LOW:.*]] = vector.load %[[X]][%[[ROW]], %[[C3]]] : memref<4x32xf32>, vector<4xf32>
// CHECK:         %[[HIGH:.*]] = vector.load %[[X]][%[[ROW]], %[[C7]]] : memref<4x32xf32>, vector<4xf32>
// CHECK:         %[[R:.*]] = vector.shuffle %[[LOW]], %[[HIGH]] [0, 2, 3, 5] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[FIRST:.*]] = vector.shuffle %[[LOW]], %[[HIGH]] [0, 2, 5, 0] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[THIRD:.*]] = vector.load %[[X]][%[[ROW]], %[[C11]]] : memref<4x32xf32>, vector<4xf32>
// CHECK:         %[[FOURTH:.*]] = vector.load %[[X]][%[[ROW]], %[[C15]]] : memref<4x32xf32>, vector<4xf32>
// CHECK:         %[[SECOND:.*]] = vector.shuffle %[[THIRD]], %[[FOURTH]] [0, 0, 0, 1] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[WIDE:.*]] = vector.shuffle %[[FIRST]], %[[SECOND]] [0, 1, 2, 7] : vector<4xf32>, vector<4xf32>
// CHECK:         %[[G:.*]] = vector.gather
// CHECK:         return %[[R]], %[[WIDE]], %[[G]]
func.func @two_vector_span(%x: memref<4x32xf32>, %row: index) -> (vector<4xf32>, vector<4xf32>, vector<4xf32>) {
  %c0 = arith.constant 0 : index
  %lanes = arith.constant dense<[3, 5, 6, 8]> : vector<4xindex>
  %wide = arith.constant dense<[3, 5, 8, 12]> : vector<4xindex>
  %wider = arith.constant dense<[3, 5, 8, 20]> : vector<4xindex>
  %mask = arith.constant dense<true> : vector<4xi1>
  %pass = arith.constant dense<0.0> : vector<4xf32>
  %0 = vector.gather %x[%row, %c0][%lanes], %mask, %pass : memref<4x32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %1 = vector.gather %x[%row, %c0][%wide], %mask, %pass : memref<4x32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  %2 = vector.gather %x[%row, %c0][%wider], %mask, %pass : memref<4x32xf32>, vector<4xindex>, vector<4xi1>, vector<4xf32> into vector<4xf32>
  return %0, %1, %2 : vector<4xf32>, vector<4xf32>, vector<4xf32>
}

// -----

// A row buffer read back in the block that stored it: loads of lanes the
// last store wrote become shuffles of the stored vector, a masked load's
// masked-off lanes taking its pass-through. A load of lanes the last store
// did not write stays.
// CHECK-LABEL: func @forward_buffer_stores
// CHECK-SAME:    (%[[V:.*]]: vector<7xf32>, %[[W:.*]]: vector<4xf32>
// CHECK-DAG:     %[[PASS:.*]] = arith.constant dense<1.000000e+00> : vector<8xf32>
// CHECK:         vector.transfer_write %[[V]]
// CHECK:         %[[A:.*]] = vector.shuffle %[[V]], %[[PASS]] [0, 1, 2, 3, 4, 5, 6, 14] : vector<7xf32>, vector<8xf32>
// CHECK:         %[[B:.*]] = vector.shuffle %[[V]], %[[V]] [1, 2, 3, 4, 5, 6] : vector<7xf32>, vector<7xf32>
// CHECK:         vector.store %[[W]]
// CHECK:         %[[C:.*]] = vector.load %{{.*}} : memref<1x7xf32>, vector<6xf32>
// CHECK-NOT:     vector.maskedload
func.func @forward_buffer_stores(%v: vector<7xf32>, %w: vector<4xf32>, %y: memref<8xf32>, %z: memref<6xf32>, %u: memref<6xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %buf = memref.alloc() : memref<1x7xf32>
  %view = memref.subview %buf[0, 0] [1, 7] [1, 1] : memref<1x7xf32> to memref<7xf32, strided<[1]>>
  vector.transfer_write %v, %view[%c0] {in_bounds = [true]} : vector<7xf32>, memref<7xf32, strided<[1]>>
  %mask = arith.constant dense<[true, true, true, true, true, true, true, false]> : vector<8xi1>
  %pass = arith.constant dense<1.0> : vector<8xf32>
  %a = vector.maskedload %buf[%c0, %c0], %mask, %pass : memref<1x7xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
  %b = vector.load %buf[%c0, %c1] : memref<1x7xf32>, vector<6xf32>
  vector.store %w, %buf[%c0, %c1] : memref<1x7xf32>, vector<4xf32>
  %c = vector.load %buf[%c0, %c0] : memref<1x7xf32>, vector<6xf32>
  vector.store %a, %y[%c0] : memref<8xf32>, vector<8xf32>
  vector.store %b, %z[%c0] : memref<6xf32>, vector<6xf32>
  vector.store %c, %u[%c0] : memref<6xf32>, vector<6xf32>
  memref.dealloc %buf : memref<1x7xf32>
  return
}

// -----

// A table read through a view of stride 2 spans twice its lanes, beyond
// what the periodic split checks: the row keeps its gathers.
// CHECK-LABEL: func @gather_strided_table
// CHECK-NOT:     floordiv
// CHECK:         scf.for
// CHECK:           memref.subview %{{.*}}[%{{.*}}] [16] [2]
// CHECK:           vector.gather
memref.global "private" constant @strided_taps : memref<560xi32> = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112, 113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130, 131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158, 159, 160, 161, 162, 163, 164, 165, 166, 167, 168, 169, 170, 171, 172, 173, 174, 175, 176, 177, 178, 179, 180, 181, 182, 183, 184, 185, 186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197, 198, 199, 200, 201, 202, 203, 204, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216, 217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 227, 228, 229, 230, 231, 232, 233, 234, 235, 236, 237, 238, 239, 240, 241, 242, 243, 244, 245, 246, 247, 248, 249, 250, 251, 252, 253, 254, 255, 256, 257, 258, 259, 260, 261, 262, 263, 264, 265, 266, 267, 268, 269, 270, 271, 272, 273, 274, 275, 276, 277, 278, 279, 280, 281, 282, 283, 284, 285, 286, 287, 288, 289, 290, 291, 292, 293, 294, 295, 296, 297, 298, 299, 300, 301, 302, 303, 304, 305, 306, 307, 308, 309, 310, 311, 312, 313, 314, 315, 316, 317, 318, 319, 320, 321, 322, 323, 324, 325, 326, 327, 328, 329, 330, 331, 332, 333, 334, 335, 336, 337, 338, 339, 340, 341, 342, 343, 344, 345, 346, 347, 348, 349, 350, 351, 352, 353, 354, 355, 356, 357, 358, 359, 360, 361, 362, 363, 364, 365, 366, 367, 368, 369, 370, 371, 372, 373, 374, 375, 376, 377, 378, 379, 380, 381, 382, 383, 384, 385, 386, 387, 388, 389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400, 401, 402, 403, 404, 405, 406, 407, 408, 409, 410, 411, 412, 413, 414, 415, 416, 417, 418, 419, 420, 421, 422, 423, 424, 425, 426, 427, 428, 429, 430, 431, 432, 433, 434, 435, 436, 437, 438, 439, 440, 441, 442, 443, 444, 445, 446, 447, 448, 449, 450, 451, 452, 453, 454, 455, 456, 457, 458, 459, 460, 461, 462, 463, 464, 465, 466, 467, 468, 469, 470, 471, 472, 473, 474, 475, 476, 477, 478, 479, 480, 481, 482, 483, 484, 485, 486, 487, 488, 489, 490, 491, 492, 493, 494, 495, 496, 497, 498, 499, 500, 501, 502, 503, 504, 505, 506, 507, 508, 509, 510, 511, 512, 513, 514, 515, 516, 517, 518, 519, 520, 521, 522, 523, 524, 525, 526, 527, 528, 529, 530, 531, 532, 533, 534, 535, 536, 537, 538, 539, 540, 541, 542, 543, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]>
func.func @gather_strided_table(%x: memref<544xf32>, %y: memref<544xf32>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c544 = arith.constant 544 : index
  %pad = ub.poison : i32
  %mask = arith.constant dense<true> : vector<16xi1>
  %pass = arith.constant dense<0.0> : vector<16xf32>
  %table = memref.get_global @strided_taps : memref<560xi32>
  scf.for %i = %c0 to %c544 step %c16 {
    %slice = memref.subview %table[%i] [16] [2] : memref<560xi32> to memref<16xi32, strided<[2], offset: ?>>
    %t = vector.transfer_read %slice[%c0], %pad {in_bounds = [true]} : memref<16xi32, strided<[2], offset: ?>>, vector<16xi32>
    %lanes = arith.index_cast %t : vector<16xi32> to vector<16xindex>
    %g = vector.gather %x[%c0] [%lanes], %mask, %pass : memref<544xf32>, vector<16xindex>, vector<16xi1>, vector<16xf32> into vector<16xf32>
    vector.transfer_write %g, %y[%i] {in_bounds = [true]} : vector<16xf32>, memref<544xf32>
  }
  return
}

// -----

// Stores whose lanes are not neighbours in the buffer (a view down a
// column), of unknown length (scalable), or that a store through another
// view of the buffer may have overwritten, are not forwarded.
// CHECK-LABEL: func @forward_buffer_stores_kept
// CHECK-NOT:     vector.shuffle
// CHECK-COUNT-3: vector.load
// CHECK-NOT:     vector.shuffle
func.func @forward_buffer_stores_kept(%v: vector<4xf32>, %s: vector<[4]xf32>, %b: vector<16xi8>, %w: vector<4xf32>, %out: memref<2xf32>, %out4: memref<4xf32>, %out16: memref<16xi8>) {
  %c0 = arith.constant 0 : index
  %column = memref.alloca() : memref<4x2xf32>
  %col = memref.subview %column[0, 0] [4, 1] [1, 1] : memref<4x2xf32> to memref<4xf32, strided<[2]>>
  vector.transfer_write %v, %col[%c0] {in_bounds = [true]} : vector<4xf32>, memref<4xf32, strided<[2]>>
  %r = vector.load %column[%c0, %c0] : memref<4x2xf32>, vector<2xf32>
  vector.store %r, %out[%c0] : memref<2xf32>, vector<2xf32>
  %scalable = memref.alloca() : memref<64xf32>
  vector.store %s, %scalable[%c0] : memref<64xf32>, vector<[4]xf32>
  %q = vector.load %scalable[%c0] : memref<64xf32>, vector<4xf32>
  vector.store %q, %out4[%c0] : memref<4xf32>, vector<4xf32>
  %bytes = memref.alloca() : memref<64xi8>
  vector.store %b, %bytes[%c0] : memref<64xi8>, vector<16xi8>
  %floats = memref.view %bytes[%c0][] : memref<64xi8> to memref<16xf32>
  vector.store %w, %floats[%c0] : memref<16xf32>, vector<4xf32>
  %p = vector.load %bytes[%c0] : memref<64xi8>, vector<16xi8>
  vector.store %p, %out16[%c0] : memref<16xi8>, vector<16xi8>
  return
}
