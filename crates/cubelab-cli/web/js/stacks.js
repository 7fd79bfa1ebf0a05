export function init() {}
