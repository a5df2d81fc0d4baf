import htm from 'htm';
import { h } from 'preact';

/** JSX-like tagged templates without a build step. */
export const html = htm.bind(h);
