/** URLs of the changelog's entries and feeds, kept out of config/paths.ts (and so out of the shell's first download). */
export const changelogPaths = {
  /** `/news/changelog?filter={product}`: one product's entries. */
  product: (product: string) => `/news/changelog?filter=${encodeURIComponent(product)}`,
  /** `/news/changelog/{product}/{date}`: one entry. */
  entry: (product: string, date: string) => `/news/changelog/${encodeURIComponent(product)}/${encodeURIComponent(date)}`,
  /** The Atom feed the build writes for each product (plugins/site-content.ts). */
  feed: (product: string) => `/news/changelog/feed/${encodeURIComponent(product)}.xml`,
};
