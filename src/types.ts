/**
 * The shared records, re-exported from src/model/ where they live (kept for library users who import them
 * from the package root).
 */
export {
  CONTEXT_ITEM_JSON_FIELDS,
  type ContextItem,
  type Finding,
  type ItemKind,
  itemToJson,
  type LoadedAt,
  type Severity,
} from "./model/index.js";
