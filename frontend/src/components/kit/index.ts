/** The list kit: a list screen is a spec (defineList), its URL state (useList) and a ListView. */
export { type GridColumn, gridMode, shownColumns } from './columns';
export { BarChart, type BarSeries } from './bar-chart';
export { CopyField, SecretOnce } from './copy-field';
export { DataGrid } from './data-grid';
export { DetailGrid } from './detail-grid';
export { DetailDrawer } from './detail-drawer';
export { DownloadCenter, ExportMenu } from './exports';
export { labelsOf } from './labels';
export { defineList, type ListSpec, type ListState } from './list-state';
export { listSortMessages } from './messages';
export { ClientFilter, FilterMultiSelect, FilterSelect, ListView } from './list-view';
export { type ListHandle, useList } from './use-list';
