import { cpus, release, totalmem, type as osType } from 'node:os';

export interface Machine {
  cpuCount: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  os: string;
}

export function describeMachine(): Machine {
  const all = cpus();
  return {
    cpuCount: all.length,
    cpuModel: all[0]?.model.trim() ?? 'unknown',
    memoryGiB: totalmem() / 1024 ** 3,
    node: process.version,
    os: `${osType()} ${release()}`,
  };
}

export function machineLine(machine: Machine): string {
  return `${machine.cpuCount} CPUs (${machine.cpuModel}), ${machine.memoryGiB.toFixed(0)} GiB RAM, ${machine.os}, Node ${machine.node}`;
}
