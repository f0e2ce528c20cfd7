/**
 * A game's scene on one supported pair, compiled strictly (`strict`, `noImplicitAny`,
 * `skipLibCheck: false`) against the installed package: consumer.test.ts writes it into each
 * pair's project with the import of `@esotericsoftware/spine-phaser` below renamed to that pair's
 * runtime (spine-phaser-v3, spine-phaser-v4). Never run: the compiler is the test. Each
 * `@ts-expect-error` fails the build if the line below it compiles, so the lines prove that
 * `this.spinePool` and what `spawn()` returns are typed, not `any`; a declaration file naming a
 * package the pair lacks fails it too (TS2307).
 */
import * as Phaser from 'phaser';
import * as spine from '@esotericsoftware/spine-phaser';
import { PlayMode, SpinePoolPlugin, type SpineGameObject } from 'phaser-spine-pool';

/** `true` only when A and B are the same type (neither `any` nor a wider or narrower one). */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

export class PairScene extends Phaser.Scene {
    create(): void {
        const go = this.spinePool.spawn(100, 200, 'hero', 'hero-atlas', { animation: 'walk', skin: 'knight' });
        // spawn() gives the installed runtime's own SpineGameObject, which the package names too.
        const exact: Same<typeof go, spine.SpineGameObject> = true;
        const named: Same<SpineGameObject, spine.SpineGameObject> = true;
        void [exact, named];
        // What this.add.spine made can be handed to the pool's methods, and the other way round.
        const stock = this.add.spine(0, 0, 'hero', 'hero-atlas');
        const pooled: boolean = this.spinePool.isActive(stock);
        const runtime: spine.SpineGameObject = go;
        runtime.animationState.setAnimation(0, 'walk', true);
        this.spinePool.legacy(go).crossFade('run', 0.2, PlayMode.StopAll);
        this.spinePool.setHooks('hero', 'hero-atlas', { onSpawn: (spawned) => void spawned.skeleton.data.findAnimation('walk') });
        void pooled;

        // @ts-expect-error not a member of SpineGameObject: spawn() is not `any`
        go.notAMember();
        // @ts-expect-error dataKey is a string
        this.spinePool.spawn(0, 0, 123, 'hero-atlas');
        // @ts-expect-error despawn takes a SpineGameObject
        this.spinePool.despawn('hero');
        // @ts-expect-error despawn returns a boolean
        const count: number = this.spinePool.despawn(go);
        // @ts-expect-error a hook's instance is typed too
        this.spinePool.setHooks('hero', 'hero-atlas', { onCreate: (created) => created.notAMember() });
        // @ts-expect-error crossFade's fade length is a number of seconds
        this.spinePool.legacy(go).crossFade('run', '0.2');
        void count;
    }
}

new Phaser.Game({
    scene: [PairScene],
    plugins: {
        scene: [
            { key: 'spine.SpinePlugin', plugin: spine.SpinePlugin, mapping: 'spine' },
            { key: 'SpinePoolPlugin', plugin: SpinePoolPlugin, mapping: 'spinePool' },
        ],
    },
});
