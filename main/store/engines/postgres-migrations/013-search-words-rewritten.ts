// Every reservation's search words written again from its row (search-words-rewrite.ts): a move into the hotel's
// database wrote SQLite's search text as the words. Nothing in the schema changes.
export const searchWordsRewritten = `-- nothing in the schema changes`;
