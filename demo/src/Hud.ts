import type { SpinePoolPlugin } from 'phaser-spine-pool';
import type { Crowd } from './Crowd';
import type { FrameMetrics } from './FrameMetrics';
import { scoreboard } from './leakyListener';
import type { LodSwitch } from './LodSwitch';
import { applyCull, applyDebug, applyPoseCache, readCull, readDebug, readPoseCache } from './optionalOptions';
import { applyOffscreen, OFFSCREEN_CHOICES } from './offscreenModes';
import type { PassStats } from './PassStats';
import type { OffscreenChoice } from './settings';

/** Text refreshes per second: readable numbers, and no DOM work in most frames. */
const REFRESH_HZ = 4;

/** What the HUD shows and drives. */
export interface HudModel {
    pool: SpinePoolPlugin;
    crowd: Crowd;
    lod: LodSwitch;
    metrics: FrameMetrics;
    /** The pool's numbers, read at the end of each frame's update pass. */
    pass: PassStats;
    renderer: string;
    /** Per offscreen mode, null when this plugin build accepts it, else why not (shown disabled). */
    offscreenSupport: ReadonlyMap<OffscreenChoice, string | null>;
    leakyWave(): void;
    killHalf(): void;
}

function element<T extends HTMLElement>(id: string): T {
    const found = document.getElementById(id);
    if (!found) throw new Error(`demo HUD: #${id} is missing from index.html`);
    return found as T;
}

const number = (value: number): string => value.toLocaleString('en-US');

/** Why `offscreen` and `cull` rest while level of detail is off: on their labels and in the note. */
const LOD_OFF_REASON =
    'Level of detail is off: every instance is posed every frame and drawn, as stock spine-phaser does, so “off screen” stays at lod and “cull off screen” and “pose cache” stay off. Turn level of detail back on (L) to change them.';
/** The tooltips of the two controls while they work. */
const OFFSCREEN_TITLE = "The plugin's offscreen option: what an instance outside the view gets.";
const CULL_TITLE = "The plugin's cull option: skip drawing instances outside the camera's view.";
const CACHE_TITLE = "The plugin's poseCache option: copy the poses of plain animations from samples shared by the crowd (C).";

/** The DOM overlay in index.html: live numbers from the pool's stats(), and the demo's toggles. */
export class Hud {
    private nextRefresh = 0;
    private readonly text = {
        fps: element('fps'),
        frameMs: element('frame-ms'),
        poseMs: element('pose-ms'),
        updated: element('updated'),
        updatedDetail: element('updated-detail'),
        high: element('tier-high'),
        mid: element('tier-mid'),
        low: element('tier-low'),
        offscreen: element('tier-offscreen'),
        pools: element('pools'),
        leaks: element('leaks'),
        cache: element('cache'),
        events: element('events'),
        count: element<HTMLOutputElement>('count-value'),
    };
    private readonly lodBox = element<HTMLInputElement>('lod');
    private readonly tiersBox = element<HTMLInputElement>('tiers');
    private readonly offscreen = element<HTMLSelectElement>('offscreen');
    private readonly cullBox = element<HTMLInputElement>('cull');
    private readonly cacheBox = element<HTMLInputElement>('pose-cache');
    /** Whether this plugin build has the `poseCache` option. */
    private readonly canCache: boolean;
    /** Shown over the game while the crowd's animations are sampled. */
    private readonly loading = element('loading');
    /** Said next to the controls while level of detail is off. */
    private readonly lodNote = element('lod-note');
    /** Whether this plugin build has the `cull` option. */
    private readonly canCull: boolean;

    constructor(private readonly model: HudModel) {
        element('renderer').textContent = model.renderer;

        const count = element<HTMLInputElement>('count');
        count.value = String(model.crowd.target);
        this.text.count.textContent = number(model.crowd.target);
        count.addEventListener('input', () => {
            model.crowd.target = Number(count.value);
            this.text.count.textContent = number(model.crowd.target);
        });

        this.lodBox.checked = model.lod.enabled;
        this.lodBox.addEventListener('change', () => this.setLod(this.lodBox.checked));
        this.tiersBox.checked = readDebug(model.pool) === true;
        this.tiersBox.disabled = readDebug(model.pool) === null;
        if (this.tiersBox.disabled) this.tiersBox.parentElement!.title = 'not in this plugin version';
        this.tiersBox.addEventListener('change', () => applyDebug(model.pool, this.tiersBox.checked));

        for (const option of Array.from(this.offscreen.options)) {
            const refusal = model.offscreenSupport.get(option.value as OffscreenChoice);
            if (refusal === null) continue;
            option.disabled = true;
            option.textContent = `${option.value} (n/a)`;
            option.title = refusal ?? 'not offered by the demo';
        }
        this.offscreen.addEventListener('change', () => {
            const choice = this.offscreen.value as OffscreenChoice;
            if (OFFSCREEN_CHOICES.includes(choice)) applyOffscreen(model.pool, choice);
        });

        const cull = readCull(model.pool);
        this.canCull = cull !== null;
        this.cullBox.addEventListener('change', () => applyCull(model.pool, this.cullBox.checked));
        this.canCache = readPoseCache(model.pool) !== null;
        this.cacheBox.addEventListener('change', () => applyPoseCache(model.pool, this.cacheBox.checked));
        this.lodNote.textContent = LOD_OFF_REASON;
        this.showLod(model.lod.enabled);

        element('leaky').addEventListener('click', () => model.leakyWave());
        element('kill').addEventListener('click', () => model.killHalf());
        // Once a control has done its job, keys go back to the game (L, T, arrows, + and −).
        for (const control of document.querySelectorAll<HTMLElement>('#hud input, #hud select, #hud button')) {
            control.addEventListener(control instanceof HTMLButtonElement ? 'click' : 'change', () => control.blur());
        }
        window.addEventListener('keydown', (event) => {
            if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
            if (event.key === 'l' || event.key === 'L') this.setLod(!model.lod.enabled);
            else if ((event.key === 'c' || event.key === 'C') && !this.cacheBox.disabled) {
                applyPoseCache(model.pool, !this.cacheBox.checked);
                this.cacheBox.checked = readPoseCache(model.pool) === true;
            } else if ((event.key === 't' || event.key === 'T') && !this.tiersBox.disabled) {
                applyDebug(model.pool, !this.tiersBox.checked);
                this.tiersBox.checked = readDebug(model.pool) === true;
            }
        });
    }

    /** The loading phase: `done` of `total` (kind, skin) pairs have their animations sampled (Crowd.prewarm). */
    warmingUp(done: number, total: number): void {
        this.loading.hidden = false;
        this.loading.textContent = `warming up the crowd's animations: ${done} of ${total}`;
    }

    /** The loading phase is over: the crowd comes out. */
    warmedUp(): void {
        this.loading.hidden = true;
    }

    /** Once per frame; touches the DOM only a few times per second. */
    update(now: number): void {
        if (now < this.nextRefresh) return;
        this.nextRefresh = now + 1000 / REFRESH_HZ;
        const { metrics, crowd, pass } = this.model;
        // Every pool number below is from one moment, the end of this frame's update pass, so
        // they agree with each other: updated <= spawned at the start; that minus the despawned
        // is the active count of the tiers and the pools.
        const stats = pass.stats;
        const t = this.text;
        t.fps.textContent = metrics.fps.toFixed(0);
        t.frameMs.textContent = metrics.frameMs.toFixed(1);
        t.poseMs.textContent = metrics.poseMs.toFixed(2);
        // Under 'events' the off-screen tier is advanced for its Spine events without posing: cheap
        // updates that stats() counts with the rest.
        const eventsOnly = stats.tiers.offscreen > 0 && this.model.pool.getOptions().offscreen === 'events';
        const despawned = pass.despawnedInPass;
        t.updated.textContent = `${number(stats.updatedLastFrame)} of ${number(pass.activeAtStart)}`;
        t.updatedDetail.textContent =
            (despawned > 0 ? ` · ${number(despawned)} of them despawned during it (their death ended)` : '') +
            (eventsOnly ? ' · off-screen ones: events only, no posing' : '');
        t.high.textContent = number(stats.tiers.high);
        t.mid.textContent = number(stats.tiers.mid);
        t.low.textContent = number(stats.tiers.low);
        t.offscreen.textContent = number(stats.tiers.offscreen);
        t.pools.textContent = stats.pools
            .map((p) => `${p.dataKey}: ${number(p.active)} active, ${number(p.free)} free, ${number(p.created)} built`)
            .join(' · ');
        t.leaks.textContent = number(stats.leaksCleared);
        const cache = (stats as { poseCache?: { hitRate: number; samples: number; bytes: number } }).poseCache;
        const drawn = (stats as { drawn?: { gpu?: number; impostor?: number } }).drawn;
        const images = drawn?.impostor ?? 0;
        const gpu = drawn?.gpu === undefined ? undefined : drawn.gpu + images;
        const unwritten = (stats as { bonesUnwritten?: number }).bonesUnwritten;
        t.cache.textContent = !cache
            ? 'not in this plugin version'
            : readPoseCache(this.model.pool) !== true
              ? 'off'
              : `${(cache.hitRate * 100).toFixed(0)} % of poses copied · ${number(cache.samples)} samples, ${(cache.bytes / 1024).toFixed(0)} KB` +
                (gpu === undefined ? '' : ` · ${number(gpu)} drawn on the GPU${images > 0 ? ` (${number(images)} as images)` : ''}`) +
                (unwritten === undefined ? '' : ` · ${number(unwritten)} with bones unwritten`);
        const e = crowd.events;
        t.events.textContent =
            `${number(e.footstep)} footsteps · ${number(e.hit)} hits · ${number(e.fall)} falls · wave ${crowd.waves}` +
            (scoreboard.hits ? ` · leaky score ${number(scoreboard.hits)}` : '');
    }

    private setLod(on: boolean): void {
        this.model.lod.set(on);
        this.lodBox.checked = on;
        this.showLod(on);
    }

    /**
     * LOD off pins the options stock spine-phaser would have, so their controls rest meanwhile,
     * show the values in force, and say why (on their labels: a disabled control shows no tooltip
     * in every browser; and in a note under the controls).
     */
    private showLod(on: boolean): void {
        const pool = this.model.pool;
        this.offscreen.value = pool.getOptions().offscreen;
        this.offscreen.disabled = !on;
        this.offscreen.parentElement!.title = on ? OFFSCREEN_TITLE : LOD_OFF_REASON;
        this.cullBox.checked = readCull(pool) === true;
        this.cullBox.disabled = !on || !this.canCull;
        this.cullBox.parentElement!.title = !this.canCull ? 'not in this plugin version' : on ? CULL_TITLE : LOD_OFF_REASON;
        this.cacheBox.checked = readPoseCache(pool) === true;
        this.cacheBox.disabled = !on || !this.canCache;
        this.cacheBox.parentElement!.title = !this.canCache ? 'not in this plugin version' : on ? CACHE_TITLE : LOD_OFF_REASON;
        this.lodNote.hidden = on;
    }
}
