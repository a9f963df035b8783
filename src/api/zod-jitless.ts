// From zod's core, which holds the setting: the entry imports this module, and zod's main module
// would bring all of zod into the entry's file.
import { config } from 'zod/v4/core';

// Zod probes whether it may compile parsers with `new Function` when it builds its first object
// schema. The page's security policy forbids eval, and the browser reports the refused probe as a
// violation. Imported first by the entry and each part of the dashboard that loads zod, so the
// probe never runs; plain parsing is fast enough for the dashboard's small answers.
config({ jitless: true });
