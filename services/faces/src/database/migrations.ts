import { CreateFaceTables1798800000000 } from './migrations/1798800000000-create-face-tables.js';

/** Every migration of the faces database (TypeORM runs them in the order of their timestamps). */
export const facesMigrations = [CreateFaceTables1798800000000];
