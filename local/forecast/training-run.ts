/**
 * What `npm run forecast:train` trains on and where it writes: the seed, the
 * training Congresses (the 104th to the 114th: the 115th in the dataset is
 * partial, its outcomes cut off in August 2017, so it is left out), and the
 * committed model file.
 */
import path from 'node:path';

export const SEED = 35;
export const FIRST_CONGRESS = 104;
export const TRAINING_CONGRESSES = Array.from({ length: 11 }, (_, i) => FIRST_CONGRESS + i);
export const MODEL_FILE = path.resolve(import.meta.dirname, '../..', 'shared/domain/forecast/model/forecast-model.json');
