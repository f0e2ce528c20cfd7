/** The characters the demo loads: files written by `npm start` from the project's skeleton generator. */
import * as Phaser from 'phaser';

export interface CharacterKind {
    dataKey: string;
    atlasKey: string;
    /** Share of the crowd. */
    weight: number;
}

/** A crowd of cheap 24-bone characters with a few 60-bone heroes among them. */
export const KINDS: readonly CharacterKind[] = [
    { dataKey: 'crowd', atlasKey: 'crowd-atlas', weight: 0.85 },
    { dataKey: 'hero', atlasKey: 'hero-atlas', weight: 0.15 },
];

export const SKINS: readonly string[] = ['knight', 'goblin', 'mage'];

/** Where `npm start` writes the generated files, relative to the page. */
export const ASSET_DIR = 'build/assets/';

/**
 * Where the skeleton JSON is: Spine 4.2 JSON for spine-phaser (the Phaser 3 build), Spine 4.3
 * JSON (in 4.3/) for spine-phaser-v4, which the Phaser 4 build (`?phaser=4`) bundles.
 */
export const JSON_DIR = Phaser.VERSION.startsWith('3.') ? ASSET_DIR : `${ASSET_DIR}4.3/`;

/** Loads every kind the way a game would, through spine-phaser's loader. */
export function loadCharacters(load: Phaser.Loader.LoaderPlugin): void {
    for (const kind of KINDS) {
        load.spineJson(kind.dataKey, `${JSON_DIR}${kind.dataKey}.json`);
        // The atlas says `pma:false`; spine-phaser reads that when no flag is passed.
        load.spineAtlas(kind.atlasKey, `${ASSET_DIR}${kind.dataKey}.atlas`);
    }
}

/** A kind drawn by weight from a number in [0, 1). */
export function pickKind(r: number): CharacterKind {
    let acc = 0;
    for (const kind of KINDS) {
        acc += kind.weight;
        if (r < acc) return kind;
    }
    return KINDS[KINDS.length - 1]!;
}
