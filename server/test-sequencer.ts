import { BaseSequencer, type TestSpecification } from 'vitest/node';

const LONGEST = '/server/reliability/';

/**
 * Vitest's order (each project's files together, the longest first once a run has timed them),
 * except that the reliability tests lead their project. They are the longest files, the
 * model-based test 35 to 110 s; with no timings yet, as on a fresh clone, Vitest starts larger
 * files first, so that short file came last and ran alone while the other worker sat idle.
 */
export class ReliabilityFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const rank = (file: TestSpecification) =>
      projects.indexOf(file.project.name) * 2 + (file.moduleId.includes(LONGEST) ? 0 : 1);
    // Array sort is stable: within a rank, Vitest's order stays.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
