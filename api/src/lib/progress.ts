/**
 * A one-line progress bar for CLI commands: redrawn in place on a terminal, a line per tenth
 * of the way otherwise (logs, CI).
 */
export function createProgressBar(stream: NodeJS.WriteStream = process.stderr) {
  const width = 30;
  let lastLabel = '';
  let lastTenth = -1;
  return {
    update(label: string, done: number, total: number): void {
      const fraction = total > 0 ? Math.min(1, done / total) : 1;
      const filled = Math.round(fraction * width);
      const line = `${label.padEnd(18)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%  ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')}`;
      if (stream.isTTY) {
        if (label !== lastLabel && lastLabel) stream.write('\n');
        stream.write(`\r${line}`);
      } else {
        const tenth = Math.floor(fraction * 10);
        if (label !== lastLabel || tenth !== lastTenth) stream.write(`${line}\n`);
        lastTenth = tenth;
      }
      lastLabel = label;
    },
    done(): void {
      if (stream.isTTY && lastLabel) stream.write('\n');
      lastLabel = '';
    },
  };
}
