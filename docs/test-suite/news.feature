# language: fr
Fonctionnalité: news — suite de couverture (5 chemins, 58 étapes ; transitions prises : 30 sur 30 (liste exhaustive : 112 chemins, 620 étapes))
  Écrite par `npm run paths -- --all` depuis la machine et ce que ses tests vérifient à l’écran.

  Scénario: news-1
    Étant donné que la page est ouverte
    Alors aucune actualité ; le message « Chargement des actualités… »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 »
    Quand Cliquer sur « Retirer le filtre Catégorie 3 »
    Alors pas de bouton « Retirer le filtre Catégorie 3 »
    Quand Le serveur répond avec 3 actualité(s)
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 3 » ; le bouton « Afficher plus »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 » ; pas de bouton « Afficher plus »
    Quand Cliquer sur « Tout afficher »
    Alors pas de bouton « Retirer le filtre Catégorie 3 »
    Quand Le serveur répond avec 0 actualité(s)
    Alors aucune actualité ; le message « Aucune actualité » ; le texte « Aucune actualité pour le moment. »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; pas de texte « Aucune actualité pour le moment. »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Cliquer sur « Retirer le filtre Catégorie 3 »
    Alors pas de bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; aucune alerte
    Quand L’appel tarde ou échoue : nouvel essai 1 sur 2
    Alors le message « Connexion lente ou serveur occupé : nouvel essai en cours… »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Politique »
    Alors dans « Filtrer par catégorie », le bouton « Politique » enfoncé ; le message « Chargement des actualités… »

  Scénario: news-2
    Étant donné que la page est ouverte
    Alors aucune actualité ; le message « Chargement des actualités… »
    Quand L’appel des catégories échoue
    Alors l’alerte « Les catégories n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors aucune alerte
    Quand Le serveur répond avec 3 actualité(s)
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 3 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 actualités, la première « Le Conseil d’État présente son budget » ; le message « 3 actualités » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Politique »
    Alors dans « Filtrer par catégorie », le bouton « Politique » enfoncé
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Retirer le filtre Politique »
    Alors aucun bouton enfoncé dans « Filtrer par catégorie » ; pas de bouton « Afficher plus »
    Quand Le serveur répond avec 0 actualité(s)
    Alors aucune actualité ; le message « Aucune actualité » ; le texte « Aucune actualité pour le moment. »
    Quand Activer la catégorie « Politique »
    Alors dans « Filtrer par catégorie », le bouton « Politique » enfoncé ; le message « Chargement des actualités… » ; pas de texte « Aucune actualité pour le moment. »
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Tout afficher »
    Alors aucun bouton enfoncé dans « Filtrer par catégorie » ; pas de bouton « Afficher plus »

  Scénario: news-3
    Étant donné que la page est ouverte
    Alors aucune actualité ; le message « Chargement des actualités… »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; aucune alerte
    Quand Le serveur répond avec 0 actualité(s)
    Alors le message « Aucune actualité » ; le texte « Aucune actualité ne correspond à ces catégories. » ; le bouton « Afficher toutes les actualités »
    Quand Cliquer sur « Retirer le filtre Catégorie 3 »
    Alors pas de bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; pas de texte « Aucune actualité ne correspond à ces catégories. » ; pas de bouton « Afficher toutes les actualités »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Cliquer sur « Réessayer »
    Alors le message « Chargement des actualités… » ; aucune alerte
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 »
    Quand Le serveur répond avec 0 actualité(s)
    Alors le message « Aucune actualité » ; le texte « Aucune actualité ne correspond à ces catégories. » ; le bouton « Afficher toutes les actualités »
    Quand Cliquer sur « Tout afficher »
    Alors pas de bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; pas de texte « Aucune actualité ne correspond à ces catégories. » ; pas de bouton « Afficher toutes les actualités »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Cliquer sur « Tout afficher »
    Alors pas de bouton « Retirer le filtre Catégorie 3 » ; le message « Chargement des actualités… » ; aucune alerte

  Scénario: news-4
    Étant donné que la page est ouverte
    Alors aucune actualité ; le message « Chargement des actualités… »
    Quand L’appel des actualités échoue
    Alors l’alerte « Les actualités n'ont pas pu être chargées. » et le bouton « Réessayer »
    Quand Le serveur répond avec 3 catégorie(s)
    Alors rien ne change à l’écran
    Quand Activer la catégorie « Politique »
    Alors dans « Filtrer par catégorie », le bouton « Politique » enfoncé ; le message « Chargement des actualités… » ; aucune alerte
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 actualités, la première « Le Conseil d’État présente son budget » ; le message « 3 actualités affichées sur 5 »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand Le serveur répond avec la page suivante : 3 actualité(s), la dernière
    Alors 5 actualités, la première « Le Conseil d’État présente son budget » ; le message « 5 actualités » ; pas de bouton « Afficher plus »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors dans « Filtrer par catégorie », le bouton « Santé » enfoncé
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 actualités, la première « Le Conseil d’État présente son budget » ; le message « 3 actualités affichées sur 5 »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand L’appel de la page suivante échoue
    Alors l’alerte « Les actualités suivantes n'ont pas pu être chargées. Réessayez avec le bouton « Afficher plus ». »

  Scénario: news-5
    Étant donné que la page est ouverte
    Alors aucune actualité ; le message « Chargement des actualités… »
    Quand Revenir en arrière vers l’adresse « ?categorie=3 »
    Alors le bouton « Retirer le filtre Catégorie 3 »
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 actualités, la première « Le Conseil d’État présente son budget » ; le message « 3 actualités affichées sur 5 »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand La page suivante est refusée (400 : le contenu a changé depuis la première)
    Alors pas de bouton « Afficher plus »
    Quand Le serveur répond avec 3 actualité(s) sur 5, et une page suivante
    Alors 2 actualités, la première « Le Conseil d’État présente son budget » ; le message « 2 actualités affichées sur 5 » ; le bouton « Afficher plus »
    Quand Cliquer sur « Afficher plus »
    Alors 3 actualités, la première « Le Conseil d’État présente son budget » ; le message « 3 actualités affichées sur 5 »
    Quand Cliquer sur « Afficher plus »
    Alors rien ne change à l’écran
    Quand L’appel de la page suivante échoue
    Alors l’alerte « Les actualités suivantes n'ont pas pu être chargées. Réessayez avec le bouton « Afficher plus ». »
    Quand Cliquer sur « Afficher plus »
    Alors aucune alerte
