/**
 * The committed forecast model (shared/domain/forecast/model/forecast-model.json,
 * 1.3 MB), read once per container on first use: an `import()` of the file,
 * which the function bundles put in a chunk of its own, so only the
 * invocations that score bills or show the model card read it. It is parsed
 * against its schema (a model file that does not match fails loudly, once).
 */
import { ForecastModel } from '#shared/domain/forecast/forecast-model.schema.ts';

let loading: Promise<ForecastModel> | null = null;

export function forecastModel(): Promise<ForecastModel> {
  loading ??= import('#shared/domain/forecast/model/forecast-model.json', { with: { type: 'json' } })
    .then((file) => ForecastModel().parse(file.default))
    .catch((err: unknown) => {
      loading = null;
      throw err;
    });
  return loading;
}
