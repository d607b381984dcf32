// While an export runs, V8 grows the old generation by 20 % of what survived the last full
// collection instead of up to 4 times: an export's garbage is promoted batch after batch, and
// held 300 MiB and more while 40 MiB were live (docs/benchmarks.md, "Exports"). Only then:
// collecting that often costs the API requests' throughput. Not a limit: the heap still grows
// as far as the work needs.
import v8 from 'node:v8';

let running = 0;

/** Runs `work` with the export's heap growth; the default comes back after the last one. */
export async function withExportHeap<T>(work: () => Promise<T>): Promise<T> {
  if (running++ === 0) v8.setFlagsFromString('--heap-growing-percent=20');
  try {
    return await work();
  } finally {
    if (--running === 0) v8.setFlagsFromString('--heap-growing-percent=0');
  }
}
