import { hashKey, type Query, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

/**
 * Deleting the record an edit form shows. The form still reads the record's query until it has
 * gone, and that query sits under its list's key: refreshing the lists by their key would fetch
 * the deleted record again, and its 404 would show "not found" beside "deleted". So the lists are
 * refreshed without the record, and the record's query is dropped once the form has gone (dropped
 * while still read, the form would ask for it again on its next render). The lists are read again
 * before the form leaves, so the list it returns to no longer shows the deleted record.
 */
export function useRecordDeletion(options: { recordKey: QueryKey; refresh: QueryKey[] }) {
  const queryClient = useQueryClient();
  const deletedKey = useRef<QueryKey | null>(null);
  useEffect(
    () => () => {
      if (deletedKey.current) queryClient.removeQueries({ queryKey: deletedKey.current, exact: true });
    },
    [queryClient],
  );
  /** Runs the delete call, then refreshes every list it touched except the deleted record. */
  return async (remove: () => Promise<void>): Promise<void> => {
    const { recordKey, refresh } = options;
    await queryClient.cancelQueries({ queryKey: recordKey, exact: true });
    await remove();
    deletedKey.current = recordKey;
    const recordHash = hashKey(recordKey);
    const notTheRecord = (query: Query) => query.queryHash !== recordHash;
    await Promise.all(
      refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey, predicate: notTheRecord, refetchType: "all" })),
    );
  };
}
