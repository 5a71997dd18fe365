/** The provider core: what any host builds on. */
export { Provider, type Imported, type PreparedInputs, type ProviderOptions } from "./provider";
export type { CheckFailure, CheckResult, CreateResult, DiffResult, Handler, KindContext, ReadResult, UpdateResult } from "../contract";
export { silentEvents, type EventSink } from "../contract";
export { SettingsError, clientOptions, readFromLists, readSettings, sameSettings, settingSources, type SettingName, type Settings } from "../contract";
export { ArgumentError, ImportIdError, UnknownFunctionError, UnknownKindError, UnsupportedError, isExplained } from "./errors";
export { importIdForm, parseImportId } from "./import-id";
