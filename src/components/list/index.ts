export { Col, type ColProps, cellContent, type RowLinkFn } from './Col.tsx';
export {
  AmountField,
  BirthDateField,
  DerivedField,
  EurosField,
  FormattedField,
  LongDateField,
  PercentField,
  ShortDateField,
  YesNoField,
} from './fields.tsx';
export { dateRangeFilters, yesNoFilter } from './filters.tsx';
export { ListStatus } from './ListStatus.tsx';
export { LoadFailed } from './LoadFailed.tsx';
export { LOAD_ERRORS, type LoadErrorKey, MISSING_IDS } from './loadErrors.ts';
export { RelatedList, type RelatedListProps } from './RelatedList.tsx';
export { RowLink } from './RowLink.tsx';
export { SpecEdit, type SpecEditProps } from './SpecEdit.tsx';
export { errorToast, SpecList, type SpecListProps, TOAST } from './SpecList.tsx';
export { isLowerBoundTotal, SpecPagination } from './SpecPagination.tsx';
export { SpecShow, type SpecShowProps } from './SpecShow.tsx';
export { SCROLL_SX, SpecTable, type SpecTableProps } from './SpecTable.tsx';
