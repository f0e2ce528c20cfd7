// `phaser` for code run outside jest (the bench): the UMD build of the stack SPINE_STACK names.
// (Jest maps `phaser` per project, see jest.config.cjs.)
'use strict';
module.exports = require(require('./stacks.cjs').stack().phaserFile);
