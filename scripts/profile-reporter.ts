import { loadavg } from 'node:os';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * `npm run test:profile`: the suite's budgets are wall times read off one run, never asserted in a
 * test (docs/testing.md). Prints each project's wall time and the slowest files, with the load
 * average beside them so a figure from a busy machine is read as such.
 */
export default class ProfileReporter implements Reporter {
  private readonly runStart = Date.now();
  private readonly loadAtStart = loadavg();
  private readonly files: { project: string; file: string; start: number; end: number }[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const end = Date.now();
    const diagnostic = testModule.diagnostic();
    // Vitest reports a file's phases, not its start: environment, harness, import, setup files, tests and hooks.
    const spent =
      diagnostic.environmentSetupDuration +
      diagnostic.prepareDuration +
      diagnostic.collectDuration +
      diagnostic.setupDuration +
      diagnostic.duration;
    this.files.push({ project: testModule.project.name, file: relative(process.cwd(), testModule.moduleId), start: end - spent, end });
  }

  onTestRunEnd() {
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    const projects = new Map<string, { start: number; end: number; count: number }>();
    for (const { project, start, end } of this.files) {
      const span = projects.get(project) ?? { start, end, count: 0 };
      projects.set(project, { start: Math.min(span.start, start), end: Math.max(span.end, end), count: span.count + 1 });
    }
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(' ');
    const lines = [
      '',
      `Test profile: ${seconds(Date.now() - this.runStart)} wall in all; load average ${load(this.loadAtStart)} at the start, ${load(loadavg())} at the end`,
      '',
      'Wall time per project (first file started to last file finished):',
      ...[...projects.entries()]
        .sort(([, a], [, b]) => b.end - b.start - (a.end - a.start))
        .map(([name, span]) => `  ${name.padEnd(10)} ${seconds(span.end - span.start).padStart(9)}  ${span.count} files`),
      '',
      'The 15 slowest files (wall time, imports and hooks included):',
      ...[...this.files]
        .sort((a, b) => b.end - b.start - (a.end - a.start))
        .slice(0, 15)
        .map(({ project, file, start, end }) => `  ${seconds(end - start).padStart(9)}  ${project.padEnd(10)} ${file}`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
