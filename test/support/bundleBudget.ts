// The production bundle's budget, held by the installed-package test and reported by the
// benchmark. It catches a dependency pulled in by accident (form-data and mime-db were 160 KB);
// the twelve data types' catalog, schemas, words and record presentation are about 17 KB of it,
// accounts (the list, one connection per account, their commands, roots and status) about 18 KB.
export const BUNDLE_BUDGET_KB = 290;
