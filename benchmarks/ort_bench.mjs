// Times ONNX Runtime (CPU) on one benchmark model.
//
//   node ort_bench.mjs MODEL INPUT_SHAPE OUTPUT_SHAPE TYPE ITERATIONS THREADS
//
// The Node binding copies every output into a fresh buffer after each run,
// so timing session.run() from JavaScript would measure that copy: the time
// is ORT's own, the `model_run` events of its profiler (see
// ../shared/BENCHMARKING.md). Outputs are preallocated, the thread count
// matches onnxc's. Prints one JSON object.
import * as ort from 'onnxruntime-node';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const [model, inShape, outShape, type, itersArg, threadsArg] =
    process.argv.slice(2);
const inputShape = JSON.parse(inShape);
const outputShape = JSON.parse(outShape);
const iterations = Number(itersArg);
const threads = Number(threadsArg);

const prefix = path.join(os.tmpdir(), `onnxc_ort_profile_${process.pid}`);
const session = await ort.InferenceSession.create(model, {
  intraOpNumThreads: threads,
  interOpNumThreads: 1,
  executionMode: 'sequential',
  graphOptimizationLevel: 'all',
  enableProfiling: true,
  profileFilePrefix: prefix,
});

const count = (shape) => shape.reduce((a, b) => a * b, 1);
const Array_ = type === 'float32' ? Float32Array : Int8Array;
const data = new Array_(count(inputShape));
for (let i = 0; i < data.length; ++i)
  data[i] = type === 'float32' ? ((i % 1000) - 500) * 0.004 : (i * 37) << 24 >> 24;
const feeds = {[session.inputNames[0]]: new ort.Tensor(type, data, inputShape)};
const fetches = {
  [session.outputNames[0]]:
      new ort.Tensor(type, new Array_(count(outputShape)), outputShape),
};

// Warm up like onnxc_bench: a tenth of the iterations and at least 100 ms.
const warmup = Math.max(2, Math.floor(iterations / 10));
const warmStart = Date.now();
for (let i = 0; i < warmup || Date.now() - warmStart < 100; ++i)
  await session.run(feeds, fetches);
for (let i = 0; i < iterations; ++i)
  await session.run(feeds, fetches);
await session.endProfiling();
// The profile is written as <prefix>_<timestamp>.json.
const dir = path.dirname(prefix);
const profile = fs.readdirSync(dir)
                    .filter((f) => f.startsWith(path.basename(prefix)))
                    .map((f) => path.join(dir, f))[0];
const events = JSON.parse(fs.readFileSync(profile, 'utf8'));
fs.unlinkSync(profile);
const runs = events.filter((e) => e.name === 'model_run').map((e) => e.dur);
const timed = runs.slice(runs.length - iterations).sort((a, b) => a - b);
console.log(JSON.stringify({ort_ms: timed[Math.floor(timed.length / 2)] / 1000}));
