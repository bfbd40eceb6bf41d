/**
 * The 'all local channels' picker search (spec 2.1: 搜索城市名称): parents keep only the children whose
 * name contains the query; a parent whose own name matches keeps all its children; an empty query
 * keeps everything. An empty result shows 暂无数据.
 */
export interface DistrictNode {
  columnid: number;
  columnname: string;
  areasub: DistrictNode[];
}

export function filterDistricts<T extends DistrictNode>(tree: readonly T[], query: string): T[] {
  const q = query.trim();
  if (q === '') return [...tree];
  const out: T[] = [];
  for (const parent of tree) {
    if (parent.columnname.includes(q)) {
      out.push(parent);
      continue;
    }
    const children = parent.areasub.filter((c) => c.columnname.includes(q));
    if (children.length > 0) out.push({ ...parent, areasub: children });
  }
  return out;
}
