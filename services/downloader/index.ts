/** The downloader's public entry point: the service, and its guard against reaching internal addresses, which webhooks use too. */
export { DownloaderConfig, HostAllowlist, type AllowlistEntry } from './downloader-config.js';
export { createDownloader } from './downloader-service.js';
export { createAddressCheck, createAddressGuard } from './guarded-fetch.js';
