import { TabLinks } from "../../components/tab-links.tsx";

/** The supporters' order tabs: new followers that day, or per hour online. Links, so they work without scripts. */
export function OrderTabs({
  tabs,
}: {
  tabs: readonly { order: string; label: string; path: string; current: boolean }[];
}) {
  return <TabLinks name="Order" tabs={tabs.map(({ order, ...tab }) => ({ key: order, ...tab }))} />;
}
