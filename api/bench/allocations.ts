import { GCProfiler, getHeapStatistics } from 'node:v8';

/**
 * Bytes allocated on V8's heap between `start` and `stop`: what each collection found in use
 * minus what the previous one left, summed, plus what was allocated since the last collection.
 * (Buffers' contents live outside the heap and are not counted.)
 */
export function allocationMeter() {
  let profiler: GCProfiler | undefined;
  let startUsed = 0;
  return {
    start() {
      profiler = new GCProfiler();
      startUsed = getHeapStatistics().used_heap_size;
      profiler.start();
    },
    stop(): number {
      const result = profiler?.stop();
      profiler = undefined;
      let allocated = 0;
      let previous = startUsed;
      for (const gc of result?.statistics ?? []) {
        allocated += Math.max(0, gc.beforeGC.heapStatistics.usedHeapSize - previous);
        previous = gc.afterGC.heapStatistics.usedHeapSize;
      }
      return allocated + Math.max(0, getHeapStatistics().used_heap_size - previous);
    },
  };
}
