import { defineConfig } from 'vite';

export default defineConfig({
    // Relative URLs: dist/ works wherever it is served from.
    base: './',
    // Phaser alone is over a megabyte minified: one chunk is expected.
    build: { chunkSizeWarningLimit: 2000 },
});
