/** Cache Storage holds only the built app shell, in caches named with this prefix; never API answers. */
export const SHELL_CACHE_PREFIX = 'medivault-shell-';
