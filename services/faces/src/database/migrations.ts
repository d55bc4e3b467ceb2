import { CreateFaceTables1798800000000 } from './migrations/1798800000000-create-face-tables.js';
import { IndexAgainWithBlazeFace1799100000000 } from './migrations/1799100000000-index-again-with-blazeface.js';

/** Every migration of the faces database (TypeORM runs them in the order of their timestamps). */
export const facesMigrations = [CreateFaceTables1798800000000, IndexAgainWithBlazeFace1799100000000];
