/**
 * Writes the preset characters as Spine files: `npx tsx test/skeletons/write-assets.ts <outDir>`
 * writes Spine 4.2 JSON, atlases and pages into outDir, and the same characters as Spine 4.3 JSON
 * (for spine-phaser-v4 / -v3) into outDir/4.3/ (they share the atlases and pages).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeSkeletonFiles } from './node';
import { preset, presets, type PresetName } from './presets';

const outDir = process.argv[2];
if (!outDir) {
    console.error('usage: npx tsx test/skeletons/write-assets.ts <outDir>');
    process.exit(1);
}
for (const name of Object.keys(presets) as PresetName[]) {
    const gen = preset(name);
    const files = writeSkeletonFiles(outDir, gen);
    const { bones, slots, ik, transforms, meshes } = gen.stats;
    const json43 = join(outDir, '4.3', `${name}.json`);
    mkdirSync(join(outDir, '4.3'), { recursive: true });
    writeFileSync(json43, JSON.stringify(preset(name, '4.3').json));
    console.log(`${name}: ${bones} bones, ${slots} slots, ${ik} ik, ${transforms} transform, ${meshes} meshes -> ${[files.json, json43, files.atlas, ...files.pngs].join(', ')}`);
}
