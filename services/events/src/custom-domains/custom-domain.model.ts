import { Field, ObjectType, registerEnumType } from '@nestjs/graphql';
import {
  verificationRecordName,
  verificationRecordValue,
  type CustomDomainFailure,
  type CustomDomainState,
} from '@gallery/contracts';
import type { CustomDomainEntity } from './custom-domain.entity.js';

export enum DomainState {
  PENDING = 'pending',
  VERIFIED = 'verified',
  FAILED = 'failed',
}
registerEnumType(DomainState, { name: 'CustomDomainState' });

export enum DomainFailure {
  CNAME_MISSING = 'CNAME_MISSING',
  CNAME_WRONG = 'CNAME_WRONG',
  TXT_MISSING = 'TXT_MISSING',
  TXT_WRONG = 'TXT_WRONG',
  DNS_UNREACHABLE = 'DNS_UNREACHABLE',
}
registerEnumType(DomainFailure, { name: 'CustomDomainFailure' });

// Fail to compile if these drift from the contracts' lists.
const _states: Record<CustomDomainState, DomainState> = {
  pending: DomainState.PENDING,
  verified: DomainState.VERIFIED,
  failed: DomainState.FAILED,
};
const _failures: Record<CustomDomainFailure, DomainFailure> = DomainFailure;

@ObjectType('CustomDomain', { description: "A Premium gallery's own host name and its DNS check" })
export class CustomDomainModel {
  @Field()
  host!: string;

  @Field(() => DomainState, { description: 'PENDING: waiting for DNS; FAILED: see failure' })
  state!: DomainState;

  @Field(() => DomainFailure, { nullable: true })
  failure!: DomainFailure | null;

  @Field(() => String, {
    nullable: true,
    description: 'What DNS answered instead (a CNAME pointing elsewhere)',
  })
  found!: string | null;

  @Field({ description: 'The CNAME record: host -> cnameTarget' })
  cnameTarget!: string;

  @Field({ description: 'The TXT record proving ownership: its name' })
  txtName!: string;

  @Field({ description: 'The TXT record: its value' })
  txtValue!: string;

  @Field(() => String, { nullable: true, description: 'ISO 8601: the last DNS check' })
  checkedAt!: string | null;

  @Field(() => String, { nullable: true, description: 'https://{host}/ once verified' })
  url!: string | null;

  static fromEntity(entity: CustomDomainEntity, cnameTarget: string): CustomDomainModel {
    return Object.assign(new CustomDomainModel(), {
      host: entity.host,
      state: entity.state as DomainState,
      failure: entity.failure as DomainFailure | null,
      found: entity.found,
      cnameTarget,
      txtName: verificationRecordName(entity.host),
      txtValue: verificationRecordValue(entity.token),
      checkedAt: entity.checkedAt?.toISOString() ?? null,
      url: entity.state === 'verified' ? `https://${entity.host}/` : null,
    });
  }
}
