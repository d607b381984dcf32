// The data scope of issue 3 (docs/security.md, "Data scope on the server").
export {
  brokerScope,
  contractScope,
  customerScope,
  insuredScope,
  viaContract,
} from './predicates.ts';
export { type DataScope, NO_SCOPE, resolveScope, scopeOf, seesEveryPartner } from './resolve.ts';
