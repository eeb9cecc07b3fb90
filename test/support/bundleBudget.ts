// The production bundle's budget, held by the installed-package test and reported by the
// benchmark. It catches a dependency pulled in by accident (form-data and mime-db were 160 KB);
// the twelve data types' catalog, schemas, words and record presentation are about 17 KB of it.
export const BUNDLE_BUDGET_KB = 270;
