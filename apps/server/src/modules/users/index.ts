/** Users as other modules read them: the public shape of a person. */
export { getPublicUser, idsWithoutAccount, toPublicUser } from './service';
