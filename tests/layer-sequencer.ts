import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (failed first, then the longest by the last run's times, project by project), with
 * one change: within a group, the files that need a process of their own (the `-isolated`
 * projects, vitest.config.ts) run first. Vitest orders projects by name, so they came last: the
 * no-enumeration test (20 s, timing itself) ran alone at the integration layer's end while the
 * other core waited for the browser layer (BENCHMARKS.md, issue 31, point 3). First, they start
 * beside the shared files; the shared workers then run to the group's end without a gap. The
 * process tests that run beside the browser layer (`process-beside`, the longest) come before both.
 */
export class LayerSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const group = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
    const firstInGroup = (spec: TestSpecification) =>
      spec.project.name.endsWith("-beside") ? -1 : spec.project.name.endsWith("-isolated") ? 0 : 1;
    return sorted
      .map((spec, index) => ({ spec, index }))
      .sort(
        (a, b) =>
          group(a.spec) - group(b.spec) || firstInGroup(a.spec) - firstInGroup(b.spec) || a.index - b.index,
      )
      .map(({ spec }) => spec);
  }
}
