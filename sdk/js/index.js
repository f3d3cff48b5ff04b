// The Tortuga client: connect, play and review matches of any game the server hosts.

export {TortugaClient} from './client.js';
export {Match} from './match.js';
export {Emitter} from './emitter.js';
export {TortugaError, SERVER_CODES, CLIENT_CODES} from './errors.js';
export {memoryStorage, localStorageStorage} from './storage.js';
export {applyPatch} from './patch.js';
