/** Writes the preset characters as Spine files: `npx tsx test/skeletons/write-assets.ts <outDir>`. */
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
    console.log(`${name}: ${bones} bones, ${slots} slots, ${ik} ik, ${transforms} transform, ${meshes} meshes -> ${[files.json, files.atlas, ...files.pngs].join(', ')}`);
}
