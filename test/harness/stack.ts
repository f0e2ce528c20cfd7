/**
 * The stack the harness runs on (Phaser 3 + spine-phaser, or Phaser 4 + spine-phaser-v4), typed;
 * the table is test/stacks/stacks.cjs, shared with jest.config.cjs. Inside jest each integration
 * project names its stack; elsewhere (bench, scripts) `SPINE_STACK=phaser4` does.
 */
import type { SpineFormat } from '../skeletons/generate';

export type StackName = 'phaser3' | 'phaser4' | 'phaser3-spine43';

export interface Stack {
    name: StackName;
    /** e.g. `Phaser 4.2.1 + spine-phaser-v4 4.3.13` */
    label: string;
    /** Phaser's UMD build (what `phaser` resolves to in tests and the bench). */
    phaserFile: string;
    phaserVersion: string;
    spinePackage: string;
    /** The spine-phaser runtime's IIFE build. */
    spineFile: string;
    spineVersion: string;
    /** The skeleton JSON format its runtime reads. */
    spineFormat: SpineFormat;
}

const stacks = require('../stacks/stacks.cjs') as {
    STACK_NAMES: StackName[];
    stackName(): StackName;
    stack(name?: StackName): Stack;
    spineCoreFile(format: SpineFormat): string;
};

export const STACK_NAMES = stacks.STACK_NAMES;
/** The stack in use. */
export const stack = (name?: StackName): Stack => stacks.stack(name);
/** spine-core's IIFE build of a Spine version. */
export const spineCoreFile = (format: SpineFormat): string => stacks.spineCoreFile(format);
