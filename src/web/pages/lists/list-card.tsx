import { listPath } from "../../lib/lists/list-data.ts";

export interface ListCardData {
  listId: string;
  name: string;
  description: string;
  image: string | null;
  performerCount: number;
  /** Shown to the owner: whether others can see it. */
  isPublic?: boolean;
  /** In the Watched tab: the person's own list. */
  mine?: boolean;
}

const performers = (n: number) => `${n.toLocaleString("en-US")} ${n === 1 ? "performer" : "performers"}`;

/** One list in the /lists tabs: image, name (the link), performer count, description as plain text. */
export function ListCard({ list }: { list: ListCardData }) {
  return (
    <li className="list-card">
      {list.image !== null && (
        <img className="list-card__image" src={list.image} alt="" width={96} height={96} loading="lazy" />
      )}
      <div className="list-card__text">
        <h3 className="list-card__name">
          <a href={listPath(list.listId)}>{list.name}</a>
        </h3>
        <p className="list-card__facts">
          {performers(list.performerCount)}
          {list.isPublic !== undefined && ` · ${list.isPublic ? "Public" : "Private"}`}
          {list.mine && " · Yours"}
        </p>
        {list.description !== "" && <p className="list-card__description">{list.description}</p>}
      </div>
    </li>
  );
}
