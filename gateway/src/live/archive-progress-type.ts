import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
} from 'graphql';
import { ARCHIVE_STAGES } from '@gallery/contracts';

/** The live schema's ArchiveProgress type (docs/api.graphql), stages as upper-case enum values. */
export function archiveProgressType(): GraphQLObjectType {
  const archiveStageType = new GraphQLEnumType({
    name: 'ArchiveStage',
    values: Object.fromEntries(ARCHIVE_STAGES.map((stage) => [stage.toUpperCase(), { value: stage }])),
  });
  return new GraphQLObjectType({
    name: 'ArchiveProgress',
    description:
      "A step of a gallery's zip build (Download All); the link to the zip is read with archiveJob",
    fields: {
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
      jobId: { type: new GraphQLNonNull(GraphQLID) },
      stage: { type: new GraphQLNonNull(archiveStageType) },
      count: {
        type: new GraphQLNonNull(GraphQLInt),
        description: 'Photos added so far, or in the finished zip',
      },
      total: { type: new GraphQLNonNull(GraphQLInt), description: 'Photos the zip will hold, once known' },
    },
  });
}
