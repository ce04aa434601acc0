// The database handle a test holds beside the app it built. A test seeds and changes rows straight in
// the database, where the app changes reports only through its reports repository, which tells the
// report list at each commit. Through this handle, every statement a test sends that is not a plain
// read tells the list too, so the app answers from what the test wrote, as it would after its own write.
import type { KyselyPlugin } from 'kysely';
import type { DatabaseHandle } from '#server/db/client.ts';
import { reportsChanged } from '#server/features/reports/reports.repository.ts';

export function seedingHandle(database: DatabaseHandle): DatabaseHandle {
  const writes = new WeakSet<object>();
  const tellsTheList: KyselyPlugin = {
    transformQuery({ node, queryId }) {
      if (node.kind !== 'SelectQueryNode') writes.add(queryId);
      return node;
    },
    async transformResult({ result, queryId }) {
      if (writes.has(queryId)) reportsChanged(database.db);
      return result;
    },
  };
  return { ...database, db: database.db.withPlugin(tellsTheList) };
}
